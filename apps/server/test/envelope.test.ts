import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createEventHub } from '../src/lib/events';
import { createFileStore } from '../src/lib/files';
import { call, createTestApp, createTestDatabase, type TestApp, tempDir, testConfig } from './helpers';

/** The app before `ready()`, so a test can add a route of its own. */
async function unreadyApp() {
  const dir = tempDir();
  const { database, drop } = await createTestDatabase();
  const app = await buildApp({
    config: testConfig(dir),
    database,
    db: database.db,
    files: createFileStore(dir),
    events: createEventHub(),
    jobs: undefined,
  });
  return { app, drop };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('envelope and error codes', () => {
  it('answers an unknown /api path with a 404 envelope, in the caller language', async () => {
    const res = await call(t.app, 'GET', '/api/no/such/thing/');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error_status: 1,
      code: 'NOT_FOUND',
      msg: 'No such API: GET /api/no/such/thing/',
    });
    const zh = await call(t.app, 'POST', '/api/nothing', {
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(zh.body.msg).toBe('接口不存在：POST /api/nothing');

    const missing = await call(t.app, 'GET', '/api/user/detail/', {
      token: t.adminToken,
      query: { id: 999 },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', msg: 'User not found' });
  });

  it('explains validation per field in Chinese when asked', async () => {
    const res = await call(t.app, 'POST', '/api/user/create/', {
      token: t.adminToken,
      body: { username: 'ok_name', password: 'short', name: 'X', roles: ['admin'] },
      headers: { cookie: 'language=zh' },
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^部分字段填写有误/);
    expect(res.body.details).toEqual([{ field: 'password', msg: expect.stringMatching(/[\u4e00-\u9fff]/) }]);
  });

  it('hides the internals of an unexpected failure, and refuses a route without declared access', async () => {
    const { app, drop } = await unreadyApp();
    expect(() => app.get('/api/test/open', async () => 'x')).toThrow(/declares no access/);
    app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
      throw new Error('relation "secret_table" does not exist at /srv/app.ts:12');
    });
    const res = await call(app, 'GET', '/api/test/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      error_status: 1,
      code: 'INTERNAL',
      msg: 'Server error, please try again later',
    });
    await app.close();
    await drop();
  });
});
