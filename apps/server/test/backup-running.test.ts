// `npm run backup` while the embedded server runs (issue 14): the real server process on PGlite with
// the sample data, a mail with its attachment and an upload; the real CLI (scripts/backup.mjs) asks
// the server through its backup door while customers are being created; the backup restores into
// a fresh data directory (the CLI, PGlite) and into the tests' database (PostgreSQL on its run).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, migrateDatabase, openPglite } from '../src/db/client';
import { DEMO_PASSWORD, seedDemo } from '../src/demo';
import type { Manifest } from '../src/lib/backup/create';
import { storedFiles } from '../src/lib/backup/create';
import { DOOR_FILE } from '../src/lib/backup/door';
import { restoreBackup } from '../src/lib/backup/restore';
import { readTar } from '../src/lib/backup/tar';
import { createEventHub } from '../src/lib/events';
import { createFileStore } from '../src/lib/files';
import { call, createTestDatabase, login, tempDir, testConfig } from './helpers';
import { multipartFile, ONE_PIXEL_PNG } from './multipart';
import { startServerProcess, waitUntilReady } from './server-process';

const root = path.resolve(import.meta.dirname, '../../..');
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** `npm run backup|restore -- FILE` as a user runs it, on the data directory `dataDir`. */
function cli(command: 'backup' | 'restore', file: string, dataDir: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/backup.mjs'), command, file], {
      env: { ...process.env, QUAYSIDE_DATA_DIR: dataDir, DATABASE_URL: '', QUAYSIDE_LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function rowCounts(database: Database): Promise<Record<string, number>> {
  const { rows } = await database.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY relname`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const r = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`);
    counts[name] = r.rows[0]?.n ?? 0;
  }
  return counts;
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const fileHashes = (dataDir: string) =>
  Object.fromEntries(storedFiles(dataDir).map((rel) => [rel, sha(readFileSync(path.join(dataDir, rel)))]));

function manifestOf(file: string): Manifest {
  for (const entry of readTar(file)) {
    if (entry.name === 'manifest.json')
      return JSON.parse(Buffer.concat([...entry.chunks()]).toString()) as Manifest;
  }
  throw new Error('no manifest');
}

/** The restored app signs in and opens the sample mail with its attachment. */
async function opensMailWithAttachment(database: Database, dataDir: string) {
  const app = await buildApp({
    config: testConfig(dataDir),
    database,
    db: database.db,
    files: createFileStore(dataDir),
    events: createEventHub(),
    jobs: undefined,
  });
  closers.push(() => app.close());
  await app.ready();
  const token = await login(app, 'grace', DEMO_PASSWORD);
  const list = await call(app, 'GET', '/api/email/list/', { token, query: { page_size: 100 } });
  const mail = (list.body.data.items as { id: number; subject: string }[]).find((m) =>
    m.subject.startsWith('Samples received'),
  );
  const detail = await call(app, 'GET', '/api/email/detail/', { token, query: { id: mail?.id ?? 0 } });
  const [attachment] = detail.body.data.attachments as { file_id: number; name: string }[];
  expect(attachment?.name).toBe('sample.png');
  const file = await app.inject({
    method: 'GET',
    url: '/api/file/download/',
    query: { id: String(attachment?.file_id), token },
  });
  expect(file.statusCode).toBe(200);
  expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
}

describe('backup of a running embedded server', { timeout: 300_000 }, () => {
  it('writes a consistent backup while the server runs and takes writes; it restores into PGlite and into the configured database', async () => {
    // The sample data, put in as `npm run demo` does, before the server starts on the directory.
    const dataDir = tempDir();
    const seeding = await openPglite(path.join(dataDir, 'db'));
    await migrateDatabase(seeding);
    const seedApp = await buildApp({
      config: testConfig(dataDir),
      database: seeding,
      db: seeding.db,
      files: createFileStore(dataDir),
      events: createEventHub(),
      jobs: undefined,
    });
    await seedDemo(seedApp.ctx, { password: DEMO_PASSWORD });
    await seedApp.close();
    await seeding.close();

    const server = await startServerProcess({ dataDir });
    await waitUntilReady(server);
    // The door file is the owner's only: it holds the token.
    expect(statSync(path.join(dataDir, DOOR_FILE)).mode & 0o077).toBe(0);
    const base = `http://127.0.0.1:${server.port}`;
    const signIn = await fetch(`${base}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'grace', password: DEMO_PASSWORD }),
    });
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;
    const { payload, headers } = multipartFile('pixel.png', ONE_PIXEL_PNG, 'image/png');
    const up = await fetch(`${base}/api/file/upload/`, {
      method: 'POST',
      headers: { ...headers, 'x-token': token },
      body: payload,
    });
    expect(up.status).toBe(200);

    // Customers keep being created while the backup is written.
    let writing = true;
    let created = 0;
    const writes = (async () => {
      while (writing) {
        const res = await fetch(`${base}/api/customer/create/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-token': token },
          body: JSON.stringify({ company_name: `During backup ${created}` }),
        });
        expect(res.status).toBe(200);
        created++;
      }
    })();
    while (created < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    const file = path.join(tempDir('quayside-backup-file-'), 'running.tar');
    const t0 = performance.now();
    const backup = await cli('backup', file, dataDir);
    const ms = Math.round(performance.now() - t0);
    const createdDuring = created;
    await new Promise((resolve) => setTimeout(resolve, 200));
    writing = false;
    await writes;
    expect(backup.output).toContain('by the running server');
    expect(backup.code, backup.output).toBe(0);
    console.log(`running-server backup (sample data): ${statSync(file).size} bytes, ${ms} ms with the CLI`);
    expect(created).toBeGreaterThan(createdDuring);
    const manifest = manifestOf(file);
    expect(manifest.engine).toBe('pglite');
    const sourceHashes = fileHashes(dataDir);
    await server.stop();
    expect(existsSync(path.join(dataDir, DOOR_FILE))).toBe(false);

    const customersIn = (m: Manifest) => m.tables.find((t) => t.name === 'customers')?.rows ?? 0;
    const after = await openPglite(path.join(dataDir, 'db'));
    const total = (await rowCounts(after)).customers ?? 0;
    await after.close();
    // A snapshot: some of the customers created during the backup are in it, not those after it.
    expect(customersIn(manifest)).toBeLessThan(total);

    // Into a fresh data directory with the CLI (the embedded database)…
    const fresh = tempDir();
    const restored = await cli('restore', file, fresh);
    expect(restored.code, restored.output).toBe(0);
    const embedded = await openPglite(path.join(fresh, 'db'));
    closers.push(() => embedded.close());
    const expected = Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]));
    const counts = await rowCounts(embedded);
    for (const [name, rows] of Object.entries(expected)) expect(counts[name], name).toBe(rows);
    expect(fileHashes(fresh)).toEqual(sourceHashes);
    expect(Object.values(sourceHashes)).toContain(sha(ONE_PIXEL_PNG));
    await opensMailWithAttachment(embedded, fresh);

    // …and into the configured database (PostgreSQL on the PostgreSQL run).
    const target = await createTestDatabase();
    closers.push(target.drop);
    const targetDir = tempDir();
    await restoreBackup(target.database, targetDir, file);
    expect(await rowCounts(target.database)).toEqual(counts);
    expect(fileHashes(targetDir)).toEqual(sourceHashes);
    await opensMailWithAttachment(target.database, targetDir);
  });
});
