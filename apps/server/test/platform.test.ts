import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { sessions } from '../src/db/schema';
import { DataDirLockedError, lockDataDir } from '../src/lib/data-lock';
import { PURGE_QUEUE, registerMaintenanceJobs } from '../src/modules/maintenance/jobs';
import { startServer } from '../src/server';
import { call, createTestApp, login, TEST_DATABASE_URL, type TestApp, tempDir, testConfig } from './helpers';

/** One app with the job queue for the tests below that need a running app. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ withJobs: true });
});

describe('configuration', () => {
  it('has the documented defaults and makes a secret once, kept in the data dir', () => {
    const dir = tempDir();
    const config = loadConfig({ QUAYSIDE_DATA_DIR: dir });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir: dir, adminPassword: 'admin123' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.secret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'secret.key'), 'utf8').trim()).toBe(config.secret);
    expect(loadConfig({ QUAYSIDE_DATA_DIR: dir }).secret).toBe(config.secret);
  });

  it('stops with a message naming each bad variable', () => {
    const bad = () =>
      loadConfig({
        QUAYSIDE_DATA_DIR: tempDir(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        QUAYSIDE_SECRET: 'short',
      });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/PORT/);
    expect(bad).toThrow(/DATABASE_URL: must start with postgres:\/\//);
    expect(bad).toThrow(/QUAYSIDE_SECRET/);
  });
});

describe('data directory lock', () => {
  it('refuses a second holder and takes over a lock left by a dead process', () => {
    const dir = tempDir();
    const unlock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/already using the data directory/);
    unlock();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);

    writeFileSync(path.join(dir, 'server.lock'), '999999999');
    const again = lockDataDir(dir);
    again();
  });

  it('refuses to start a second server on the same embedded database (PGlite in both runs)', async () => {
    const config = testConfig(tempDir());
    const first = await startServer(config, false);
    await expect(startServer(config, false)).rejects.toThrow(DataDirLockedError);
    const token = await login(first.app, 'admin', 'admin123');
    expect(token).toBeTruthy();
    await first.stop();
    // Once stopped, the data survives and a new start opens it.
    const second = await startServer(config, false);
    expect(await login(second.app, 'admin', 'admin123')).toBeTruthy();
    await second.stop();
  }, 60_000);
});

describe('jobs and health', () => {
  it('runs background jobs: the purge job deletes expired sessions', async () => {
    const jobs = t.jobs!;
    await registerMaintenanceJobs(jobs, t.database.db);
    const token = await login(t.app, 'admin', 'admin123');
    await t.database.db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` });
    await jobs.send(PURGE_QUEUE, {});
    await expect
      .poll(async () => (await t.database.db.select().from(sessions)).length, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe(0);
    expect((await call(t.app, 'GET', '/api/user_info/', { token })).status).toBe(403);
  });

  it('reports database and job queue state without a token', async () => {
    const res = await call(t.app, 'GET', '/api/health/');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'ok',
      database: { ok: true, kind: TEST_DATABASE_URL ? 'postgres' : 'pglite' },
      jobs: { ok: true },
    });
  });
});

describe('contract', () => {
  it('serves the OpenAPI document and the API browser', async () => {
    const doc = await call(t.app, 'GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    const paths = (doc.raw.json() as { paths: Record<string, unknown> }).paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/login/', '/api/user/list/', '/api/lookups/']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/html/);
  });

  it('serves every lookup of spec §3 in both languages', async () => {
    // A fresh session: the purge test above expired every earlier one.
    const token = await login(t.app, 'admin', 'admin123');
    const res = await call(t.app, 'GET', '/api/lookups/', { token });
    const { grade, nation, source } = res.body.data;
    expect(grade[0]).toEqual({ id: 1, en: 'Potential', zh: expect.any(String) });
    const byId = (id: number) => nation.find((n: { id: number }) => n.id === id);
    expect(byId(1).en).toBe('Unknow');
    expect(byId(7).en).toBe('Albania');
    expect(byId(253).en).toBe('Western Sahara');
    expect(source.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining([1, 24, 27, 28, 29, 30]));
  });
});
