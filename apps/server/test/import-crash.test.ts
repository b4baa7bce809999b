import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../src/db/client';
import { createTestDatabase, TEST_DATABASE_URL, tempDir } from './helpers';
import { type ServerProcess, startServerProcess, waitUntilReady } from './server-process';

const ROWS = 20_000;
const PASSWORD = 'import-crash-admin';

async function bigSheet(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Customers');
  ws.addRow(['Company name', 'Name', 'Email', 'Phone', 'Remark']);
  for (let i = 0; i < ROWS; i++) {
    ws.addRow([
      `Crash Co ${i}`,
      `Buyer ${i}`,
      `crash${i}@import.example`,
      `+86 21 5555 ${i}`,
      'from the big sheet',
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The servers' database: PGlite in the data dir (read between runs) or a fresh PostgreSQL one. */
async function serverDatabase(dataDir: string) {
  if (!TEST_DATABASE_URL) {
    return {
      url: '',
      open: () => openPglite(path.join(dataDir, 'db')),
      close: (d: Database) => d.close(),
      drop: async () => {},
    };
  }
  const test = await createTestDatabase();
  const url =
    (test.database.pool?.options as { connectionString?: string } | undefined)?.connectionString ?? '';
  return { url, open: async () => test.database, close: async () => {}, drop: () => test.drop() };
}

async function login(server: ServerProcess): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

function postImport(server: ServerProcess, token: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'big-customers.xlsx');
  return fetch(`http://127.0.0.1:${server.port}/api/customer/import/?on_duplicate=skip`, {
    method: 'POST',
    headers: { 'x-token': token },
    body: form,
  });
}

/** Resolves with the first `import` event that reports rows written, read from the live events stream. */
async function firstRowsWritten(server: ServerProcess, token: string, stop: AbortSignal) {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/events/?token=${token}`, { signal: stop });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  return async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the events stream ended before any row was written');
      buffered += value;
      const blocks = buffered.split('\n\n');
      buffered = blocks.pop() ?? '';
      for (const block of blocks) {
        const data = block.match(/^event: import\ndata: (.+)$/m)?.[1];
        if (!data) continue;
        const progress = JSON.parse(data) as { done: number; total: number };
        if (progress.done > 0) return progress;
      }
    }
  };
}

async function countRows(db: Database) {
  const { rows } = await db.query<{ rows: number; emails: number }>(
    "SELECT count(*)::int AS rows, count(DISTINCT email)::int AS emails FROM customers WHERE email LIKE 'crash%@import.example'",
  );
  const imported = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM imports WHERE kind = 'customer'",
  );
  return { ...rows[0]!, records: imported.rows[0]!.n };
}

describe('a customer import killed with SIGKILL while writing', () => {
  it('leaves none of its rows, and the retry imports every row exactly once', async () => {
    const dataDir = tempDir();
    const database = await serverDatabase(dataDir);
    const bytes = await bigSheet();
    const env = { QUAYSIDE_ADMIN_PASSWORD: PASSWORD };

    const first = await startServerProcess({ dataDir, databaseUrl: database.url, env });
    await waitUntilReady(first);
    const token = await login(first);
    const stopEvents = new AbortController();
    const written = await firstRowsWritten(first, token, stopEvents.signal);
    const upload = postImport(first, token, bytes).then(
      (res) => `answered ${res.status}`,
      () => 'connection lost',
    );
    const progress = await written();
    await first.kill9();
    stopEvents.abort();
    // The kill came after rows were written and before the import finished.
    expect(progress.done).toBeGreaterThan(0);
    expect(progress.done).toBeLessThan(progress.total);
    expect(progress.total).toBe(ROWS);
    expect(await upload).toBe('connection lost');

    let db = await database.open();
    expect(await countRows(db)).toEqual({ rows: 0, emails: 0, records: 0 });
    await database.close(db);

    const second = await startServerProcess({ dataDir, databaseUrl: database.url, env });
    await waitUntilReady(second);
    const retry = await postImport(second, await login(second), bytes);
    expect(retry.status).toBe(200);
    const answer = (await retry.json()) as { data: Record<string, unknown> };
    expect(answer.data).toMatchObject({ created: ROWS, updated: 0, skipped: 0, errors: [] });
    await second.stop();

    db = await database.open();
    expect(await countRows(db)).toEqual({ rows: ROWS, emails: ROWS, records: 1 });
    await database.close(db);
    await database.drop();
  }, 300_000);
});
