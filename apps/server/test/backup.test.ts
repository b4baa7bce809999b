import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { DEFAULT_ADMIN_PASSWORD } from '../src/config';
import { type Database, migrateDatabase, openPglite } from '../src/db/client';
import { users } from '../src/db/schema';
import { DEMO_PASSWORD, seedDemo } from '../src/demo';
import { createBackup, storedFiles } from '../src/lib/backup/create';
import { RestoreRefusedError, restoreBackup } from '../src/lib/backup/restore';
import { createEventHub } from '../src/lib/events';
import { createFileStore } from '../src/lib/files';
import { ensureFirstAdmin } from '../src/modules/users/service';
import { call, createTestApp, createTestDatabase, login, type TestApp, tempDir, testConfig } from './helpers';
import { multipartFile, ONE_PIXEL_PNG } from './multipart';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

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

const fileHashes = (dataDir: string) =>
  Object.fromEntries(
    storedFiles(dataDir).map((rel) => [
      rel,
      createHash('sha256')
        .update(readFileSync(path.join(dataDir, rel)))
        .digest('hex'),
    ]),
  );

let source: TestApp;
let backupFile: string;

async function seededBackup(): Promise<void> {
  source = await createTestApp();
  await seedDemo(source.app.ctx, { password: DEMO_PASSWORD });
  const { payload, headers } = multipartFile('pixel.png', ONE_PIXEL_PNG, 'image/png');
  const up = await source.app.inject({
    method: 'POST',
    url: '/api/file/upload/',
    headers: { ...headers, 'x-token': source.adminToken },
    payload,
  });
  expect(up.statusCode).toBe(200);
  backupFile = path.join(tempDir('quayside-backup-file-'), 'b.tar');
  const t0 = performance.now();
  await createBackup(source.database, source.config.dataDir, backupFile);
  console.log(
    `sample-data backup: ${statSync(backupFile).size} bytes in ${Math.round(performance.now() - t0)} ms`,
  );
}

/** The restored app: signs in and opens a mail with its attachment. */
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
  // The source's admin, whose password hash came with the backup.
  const admin = await login(app, 'admin', DEFAULT_ADMIN_PASSWORD);
  const list = await call(app, 'GET', '/api/email/list/', { token: admin, query: { page_size: 100 } });
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  const mail = (list.body.data.items as { id: number; subject: string }[]).find((m) =>
    m.subject.startsWith('Samples received'),
  );
  expect(mail).toBeTruthy();
  const detail = await call(app, 'GET', '/api/email/detail/', { token: admin, query: { id: mail?.id ?? 0 } });
  const [attachment] = detail.body.data.attachments as { file_id: number; name: string }[];
  expect(attachment?.name).toBe('sample.png');
  const file = await app.inject({
    method: 'GET',
    url: '/api/file/download/',
    query: { id: String(attachment?.file_id), token: admin },
  });
  expect(file.statusCode).toBe(200);
  expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
}

describe('backup and restore', { timeout: 180_000 }, () => {
  it('restores every row and file into a fresh place, and the restored app opens a mail with its attachment', async () => {
    await seededBackup();
    const target = await createTestDatabase();
    closers.push(target.drop);
    // The fresh place as `npm run restore` finds it: a database nobody has migrated yet is fine too.
    const dataDir = tempDir();
    const t0 = performance.now();
    await restoreBackup(target.database, dataDir, backupFile);
    console.log(`sample-data restore: ${Math.round(performance.now() - t0)} ms`);
    expect(await rowCounts(target.database)).toEqual(await rowCounts(source.database));
    expect(fileHashes(dataDir)).toEqual(fileHashes(source.config.dataDir));
    expect(Object.keys(fileHashes(dataDir)).length).toBeGreaterThan(10);
    // The generated key of mailbox passwords comes along, or the restored passwords could not be read.
    const key = (dir: string) => readFileSync(path.join(dir, 'secret.key'), 'utf8');
    expect(key(dataDir)).toBe(key(source.config.dataDir));
    await opensMailWithAttachment(target.database, dataDir);
    // Sequences continue after the restored rows: a new colleague does not collide with an old id.
    const [added] = await target.database.db
      .insert(users)
      .values({ username: 'newcomer', name: 'Newcomer', passwordHash: 'x', roles: [] })
      .returning({ id: users.id });
    expect(added?.id).toBeGreaterThan(
      Math.max(...(await source.database.db.select({ id: users.id }).from(users)).map((u) => u.id)),
    );
  });

  it('refuses to restore over data', async () => {
    const target = await createTestDatabase();
    closers.push(target.drop);
    await migrateDatabase(target.database);
    await target.database.db
      .insert(users)
      .values({ username: 'someone', name: 'Someone', passwordHash: 'x', roles: [] });
    await expect(restoreBackup(target.database, tempDir(), backupFile)).rejects.toThrow(RestoreRefusedError);
    const still = await target.database.db.select().from(users).where(eq(users.username, 'someone'));
    expect(still).toHaveLength(1);
    const dataDir = source.config.dataDir;
    const empty = await openPglite(undefined);
    closers.push(() => empty.close());
    await expect(restoreBackup(empty, dataDir, backupFile)).rejects.toThrow(/already holds files/);
  });

  // On the PostgreSQL run this is the move out of the embedded database; on the PGlite run, the
  // on-disk database of `npm start` into another.
  it('moves the embedded database of a data directory into the configured database', async () => {
    const dataDir = tempDir();
    const pglite = await openPglite(path.join(dataDir, 'db'));
    closers.push(() => pglite.close());
    await migrateDatabase(pglite);
    await ensureFirstAdmin(pglite.db, DEFAULT_ADMIN_PASSWORD, DEFAULT_ADMIN_PASSWORD);
    await pglite.db.update(users).set({ mustChangePassword: false }).where(eq(users.username, 'admin'));
    const app = await buildApp({
      config: testConfig(dataDir),
      database: pglite,
      db: pglite.db,
      files: createFileStore(dataDir),
      events: createEventHub(),
      jobs: undefined,
    });
    closers.push(() => app.close());
    await seedDemo(app.ctx, { password: DEMO_PASSWORD });
    const file = path.join(tempDir(), 'pglite.tar');
    await createBackup(pglite, dataDir, file);
    const target = await createTestDatabase();
    closers.push(target.drop);
    const targetDir = tempDir();
    await restoreBackup(target.database, targetDir, file);
    expect(await rowCounts(target.database)).toEqual(await rowCounts(pglite));
    expect(fileHashes(targetDir)).toEqual(fileHashes(dataDir));
    await opensMailWithAttachment(target.database, targetDir);
  });
});
