import { beforeAll, describe, expect, it } from 'vitest';
import { createLifecycle } from '../src/lib/lifecycle';
import { call, createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ withJobs: true });
  t.app.ctx.lifecycle = createLifecycle();
});

describe('health: liveness and readiness', () => {
  it('is ready with the database reachable, every migration applied and the job queue up', async () => {
    const ready = await call(t.app, 'GET', '/api/health/ready/');
    expect(ready.status).toBe(200);
    const { migrations, ...rest } = ready.body.data;
    expect(rest).toMatchObject({
      status: 'ok',
      ready: true,
      stopping: false,
      database: { ok: true },
      jobs: { ok: true },
      mail_sync: { started: false, accounts: [] },
    });
    expect(migrations.ok).toBe(true);
    expect(migrations.applied).toBe(migrations.expected);
    expect(migrations.expected).toBeGreaterThan(10);
    const live = await call(t.app, 'GET', '/api/health/live/');
    expect(live.status).toBe(200);
    expect(live.body.data).toEqual({ alive: true, uptime_s: expect.any(Number) });
  });

  it('keeps /api/health/ at 200 with its original fields, and adds readiness', async () => {
    const res = await call(t.app, 'GET', '/api/health/');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual(
      expect.arrayContaining(['status', 'database', 'jobs', 'version', 'uptime_s', 'ready']),
    );
    expect(res.body.data.database).toEqual({
      ok: true,
      kind: expect.any(String),
      latency_ms: expect.any(Number),
    });
  });

  it('answers 503 NOT_READY while stopping, live all the same', async () => {
    t.app.ctx.lifecycle!.stopping = true;
    try {
      const res = await call(t.app, 'GET', '/api/health/ready/');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ error_status: 1, code: 'NOT_READY', details: { ready: false } });
      expect(res.body.msg).toContain('stopping');
      expect((await call(t.app, 'GET', '/api/health/')).body.data).toMatchObject({
        ready: false,
        stopping: true,
      });
      expect((await call(t.app, 'GET', '/api/health/live/')).status).toBe(200);
    } finally {
      t.app.ctx.lifecycle!.stopping = false;
    }
  });

  it('is not ready when the newest migration is missing from the database', async () => {
    const { rows } = await t.database.query<{ id: number; hash: string; created_at: string }>(
      'DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations) RETURNING id, hash, created_at::text',
    );
    try {
      const res = await call(t.app, 'GET', '/api/health/ready/', { headers: { 'accept-language': 'zh' } });
      expect(res.status).toBe(503);
      expect(res.body.msg).toBe('此服务器尚未就绪：migrations');
      expect(res.body.details.migrations).toMatchObject({ ok: false });
    } finally {
      const row = rows[0]!;
      await t.database.query(
        'INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES ($1, $2, $3)',
        [row.id, row.hash, row.created_at],
      );
    }
    expect((await call(t.app, 'GET', '/api/health/ready/')).status).toBe(200);
  });

  it('is not ready without the job queue', async () => {
    const noJobs = await createTestApp();
    const res = await call(noJobs.app, 'GET', '/api/health/ready/');
    expect(res.status).toBe(503);
    expect(res.body.msg).toBe('This server is not ready: jobs');
  });

  it('is not ready when the database cannot be reached', async () => {
    const gone = await createTestApp();
    const close = gone.database.close;
    await close();
    // The file's cleanup closes it again: once is enough.
    gone.database.close = async () => {};
    const res = await call(gone.app, 'GET', '/api/health/ready/');
    expect(res.status).toBe(503);
    expect(res.body.details).toMatchObject({ ready: false, database: { ok: false } });
    expect(res.body.msg).toContain('database');
  });
});
