import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../../src/db/client';
import { taskRecipients } from '../../src/db/schema';
import { UNCERTAIN_ERROR } from '../../src/modules/tasks/worker';
import { createTestDatabase, TEST_DATABASE_URL, tempDir } from '../helpers';
import { sleep } from './sending';
import { startSmtp } from './smtp';

type Child = { process: ChildProcess; lines: string[]; exited: Promise<void> };

function startChild(dataDir: string, databaseUrl: string, args: string[]): Child {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'task-child.ts'), dataDir, databaseUrl, ...args],
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

async function serverDatabase(dataDir: string) {
  if (!TEST_DATABASE_URL) {
    return { url: '', open: () => openPglite(path.join(dataDir, 'db')), close: (d: Database) => d.close() };
  }
  const test = await createTestDatabase();
  const url =
    (test.database.pool?.options as { connectionString?: string } | undefined)?.connectionString ?? '';
  return { url, open: async () => test.database, close: async () => {}, drop: () => test.drop() };
}

describe('a server killed with SIGKILL between the SMTP answer and the database write', () => {
  it('leaves that recipient failed "check Sent" on the next start, never sent again', async () => {
    const recipient = 'buyer@crash.test';
    let child: Child | undefined;
    // The message arrives whole; the server dies before it hears the answer.
    const smtp = await startSmtp(async () => {
      child?.process.kill('SIGKILL');
      await child?.exited;
    });
    const dataDir = tempDir();
    const database = await serverDatabase(dataDir);
    child = startChild(dataDir, database.url, ['start', String(smtp.port), recipient]);
    await child.exited;
    await waitFor('the message to be recorded', () => smtp.received.length === 1);
    const taskId = Number(child.lines.find((l) => l.startsWith('started'))?.split(' ')[1]);
    expect(taskId).toBeGreaterThan(0);

    let db = await database.open();
    const [left] = await db.db.select().from(taskRecipients).where(eq(taskRecipients.taskId, taskId));
    expect(left).toMatchObject({ status: 'sending', address: recipient });
    if (!TEST_DATABASE_URL) await database.close(db);

    const second = startChild(dataDir, database.url, ['work']);
    await waitFor('the next server to start', () => second.lines.includes('ready'));
    await sleep(3000); // past the one-second staleness, several polls
    second.process.kill('SIGTERM');
    await second.exited;

    expect(smtp.received).toHaveLength(1);
    db = await database.open();
    const [after] = await db.db.select().from(taskRecipients).where(eq(taskRecipients.taskId, taskId));
    expect(after).toMatchObject({ status: 'failed', error: UNCERTAIN_ERROR });
    await database.close(db);
    await database.drop?.();
    await smtp.close();
  }, 120_000);
});
