import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../../src/db/client';
import { createTestDatabase, TEST_DATABASE_URL, tempDir } from '../helpers';
import { startDovecot } from './dovecot';
import { emailRow, sleep } from './sending';
import { startSmtp } from './smtp';

/** A server process (send-child.ts) and the lines it printed so far. */
type Child = { process: ChildProcess; lines: string[]; exited: Promise<void> };

function startChild(dataDir: string, databaseUrl: string, args: string[]): Child {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'send-child.ts'), dataDir, databaseUrl, ...args],
    { cwd: path.resolve(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines: string[] = [];
  child.stdout?.on('data', (d: Buffer) => lines.push(...d.toString().split('\n').filter(Boolean)));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { process: child, lines, exited };
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 60_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** The servers' database: PGlite in the data dir (one process at a time) or a fresh PostgreSQL one. */
async function serverDatabase(dataDir: string) {
  if (!TEST_DATABASE_URL) {
    return { url: '', open: () => openPglite(path.join(dataDir, 'db')), close: (d: Database) => d.close() };
  }
  const test = await createTestDatabase();
  const url =
    (test.database.pool?.options as { connectionString?: string } | undefined)?.connectionString ?? '';
  return { url, open: async () => test.database, close: async () => {}, drop: () => test.drop() };
}

describe('a server killed with SIGKILL after answering send_email', () => {
  const dovecot = startDovecot();
  afterAll(async () => (await dovecot).stop());

  it('leaves the email queued, and the next server sends it exactly once', async () => {
    const mailServer = await dovecot;
    const address = mailServer.addUser('crashsend');
    const buyer = mailServer.addUser('buyer');
    const smtp = await startSmtp();
    const dataDir = tempDir();
    const database = await serverDatabase(dataDir);

    const first = startChild(dataDir, database.url, [
      'send',
      String(smtp.port),
      String(mailServer.port),
      address,
      buyer,
    ]);
    await waitFor('send_email to answer', () => first.lines.some((l) => l.startsWith('answered')));
    first.process.kill('SIGKILL');
    await first.exited;
    const id = Number(first.lines.find((l) => l.startsWith('answered'))!.split(' ')[1]);
    expect(smtp.received).toHaveLength(0);

    let db = await database.open();
    const queued = await emailRow(db.db, id);
    expect(queued).toMatchObject({ folder: 'outbox', sendStatus: 'queued' });
    expect(queued.sendAt!.getTime()).toBeGreaterThan(queued.date.getTime());
    if (!TEST_DATABASE_URL) await database.close(db);

    const second = startChild(dataDir, database.url, ['work']);
    await waitFor('the next server to start', () => second.lines.includes('ready'));
    await waitFor('the message to arrive', () => smtp.received.length > 0, 30_000);
    const imap = await mailServer.client(address);
    const sentCopies = async () => (await imap.mailboxOpen('Sent', { readOnly: true })).exists;
    await waitFor('the Sent copy', async () => (await sentCopies()) === 1);
    await sleep(2000); // several polls of the queue: a second copy would have left by now
    second.process.kill('SIGTERM');
    await second.exited;

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual([buyer]);
    expect(await sentCopies()).toBe(1);
    await imap.logout();
    db = await database.open();
    const sent = await emailRow(db.db, id);
    expect(sent).toMatchObject({ folder: 'outbox', sendStatus: 'sent', sendError: '' });
    expect(smtp.received[0]!.raw.toString()).toContain(`Message-ID: <${sent.messageId}>`);
    await database.close(db);
    await database.drop?.();
    await smtp.close();
  }, 120_000);
});
