import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, migrateDatabase, openPglite } from '../../src/db/client';
import { emailAccounts } from '../../src/db/schema';
import { createEventHub } from '../../src/lib/events';
import { createFileStore } from '../../src/lib/files';
import { encryptSecret } from '../../src/modules/email/accounts';
import { syncAccount } from '../../src/modules/email/sync/account';
import { DEFAULT_SYNC_OPTIONS } from '../../src/modules/email/sync/types';
import { createTestDatabase, TEST_DATABASE_URL, tempDir } from '../helpers';
import { startDovecot } from './dovecot';
import { plain } from './messages';
import { duplicates, emailCount, folderState } from './setup';

const SECRET = 'crash-test-secret-0123456789';
const TOTAL = 45;

/** The database twice over: the child's (a URL or a PGlite dir) and, after the kill, the test's own. */
async function databases(): Promise<{ target: string; open(): Promise<Database>; cleanup(): Promise<void> }> {
  if (!TEST_DATABASE_URL) {
    const dir = path.join(tempDir(), 'db');
    return { target: dir, open: () => openPglite(dir), cleanup: async () => {} };
  }
  const test = await createTestDatabase();
  const url =
    (test.database.pool?.options as { connectionString?: string } | undefined)?.connectionString ?? '';
  return { target: url, open: async () => test.database, cleanup: () => test.drop() };
}

function runChild(
  target: string,
  filesDir: string,
  accountId: number,
  killAtBatch: number,
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'sync-child.ts'),
        target,
        filesDir,
        String(accountId),
        SECRET,
      ],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const lines: string[] = [];
    child.stdout.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n').filter(Boolean)) {
        lines.push(line);
        if (lines.filter((l) => l.startsWith('batch')).length === killAtBatch) child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('exit', () => resolve(lines));
  });
}

describe('a sync killed with SIGKILL', () => {
  const dovecot = startDovecot();
  afterAll(async () => (await dovecot).stop());

  it('loses and duplicates nothing once restarted', async () => {
    const server = await dovecot;
    const address = server.addUser('crash');
    const client = await server.client(address);
    for (let i = 1; i <= TOTAL; i++)
      await client.append('INBOX', plain({ to: address, subject: `Crash ${i}` }));
    await client.logout();

    const dbs = await databases();
    const filesDir = tempDir();
    let database = await dbs.open();
    await migrateDatabase(database);
    const [account] = await database.db
      .insert(emailAccounts)
      .values({
        address,
        imapHost: server.host,
        imapPort: server.port,
        imapSecure: false,
        imapUser: address,
        imapPassword: encryptSecret(SECRET, 'secret'),
      })
      .returning();
    if (!TEST_DATABASE_URL) await database.close(); // PGlite: one process at a time

    const lines = await runChild(dbs.target, filesDir, account!.id, 3);
    expect(lines).not.toContain('done');

    if (!TEST_DATABASE_URL) database = await dbs.open();
    const db = database.db;
    // Two batches were committed; the third died with the process.
    expect(await emailCount(db, account!.id)).toBe(20);
    expect((await folderState(db, account!.id, 'inbox'))?.lastUid).toBe(20);

    const env = {
      database,
      db,
      files: createFileStore(filesDir),
      events: createEventHub(),
      secret: SECRET,
      options: { ...DEFAULT_SYNC_OPTIONS, batchSize: 10 },
      log: () => {},
    };
    await syncAccount(env, account!.id);
    expect(await emailCount(db, account!.id)).toBe(TOTAL);
    expect(await duplicates(db, account!.id)).toBe(0);
    if (!TEST_DATABASE_URL) await database.close();
    await dbs.cleanup();
  }, 60_000);
});
