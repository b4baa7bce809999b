import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createEventHub } from '../src/lib/events';
import { createFileStore } from '../src/lib/files';
import { streamWorkbook } from '../src/lib/spreadsheet';
import {
  call,
  createTestApp,
  createTestDatabase,
  TEST_DATABASE_URL,
  type TestApp,
  tempDir,
  testConfig,
} from './helpers';
import { multipartFile } from './multipart';

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

describe('bad input gets 400, never 500', () => {
  it('refuses an id beyond the integer columns, in a query, a body, an id list and a filter, naming the field', async () => {
    const asked = [
      call(t.app, 'GET', '/api/customer/detail/', { token: t.adminToken, query: { id: 2147483648 } }),
      call(t.app, 'GET', '/api/customer/list/', { token: t.adminToken, query: { nation: '1,99999999999' } }),
      call(t.app, 'GET', '/api/customer/list/', { token: t.adminToken, query: { page: 2147483648 } }),
      call(t.app, 'POST', '/api/customer/delete/', { token: t.adminToken, body: { ids: [1, 2147483648] } }),
      call(t.app, 'POST', '/api/customer/update/', { token: t.adminToken, body: { id: 2 ** 31, name: 'x' } }),
    ];
    const fields = ['id', 'nation.1', 'page', 'ids.1', 'id'];
    for (const [i, res] of (await Promise.all(asked)).entries()) {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.details).toContainEqual({ field: fields[i], msg: expect.any(String) });
    }
    const ok = await call(t.app, 'GET', '/api/customer/detail/', {
      token: t.adminToken,
      query: { id: 2147483647 },
    });
    expect(ok.status).toBe(404);
  });

  it('refuses a NUL character in any text of a body or a query, naming the field, in the caller language', async () => {
    const body = await call(t.app, 'POST', '/api/customer/create/', {
      token: t.adminToken,
      body: { company_name: 'Acme\u0000 Ltd', remark: 'fine' },
    });
    expect(body.status).toBe(400);
    expect(body.body.details).toEqual([{ field: 'company_name', msg: expect.stringContaining('NUL') }]);
    const nested = await call(t.app, 'POST', '/api/preference/set/', {
      token: t.adminToken,
      body: { key: 'columns', value: { list: ['a', 'b\u0000'] } },
      headers: { 'accept-language': 'zh' },
    });
    expect(nested.status).toBe(400);
    expect(nested.body.details).toEqual([{ field: 'value.list.1', msg: '包含不允许的 NUL 字符' }]);
    const query = await call(t.app, 'GET', '/api/customer/list/', {
      token: t.adminToken,
      query: { q: 'a\u0000' },
    });
    expect(query.status).toBe(400);
    expect(query.body.details).toEqual([{ field: 'q', msg: expect.any(String) }]);
  });

  it('answers a malformed upload with 400 naming the file: no file name, cut short, not multipart, NUL in the name', async () => {
    const upload = (payload: Buffer | string, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/file/upload/',
        headers: { 'x-token': t.adminToken, 'content-type': contentType },
        payload,
      });
    const good = multipartFile('a.txt', Buffer.from('hello'));
    const type = good.headers['content-type'];
    const noName = good.payload.toString('latin1').replace('; filename="a.txt"', '');
    const nulName = multipartFile('a\u0000.txt', Buffer.from('hello'));
    const answers = [
      await upload(noName, type),
      await upload(good.payload.subarray(0, good.payload.length - 12), type),
      await upload('{"file":"x"}', 'application/json'),
      await upload(good.payload, 'multipart/form-data'),
      await upload(nulName.payload, nulName.headers['content-type']),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'file' }] });
    }
    expect((await upload(good.payload, type)).statusCode).toBe(200);
  });

  it('answers an export whose filter is invalid with 400 before any file, and its helper reads first', async () => {
    const res = await call(t.app, 'GET', '/api/customer/export/', {
      token: t.adminToken,
      query: { nation: '99999999999' },
    });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    async function* refused(): AsyncIterable<unknown[]> {
      yield* [];
      throw new Error('the database refused the filter');
    }
    await expect(streamWorkbook('Sheet', [{ header: 'A' }], refused())).rejects.toThrow('refused the filter');
  });

  it('answers a known path asked with another method with 405, the methods it answers in Allow', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/customer/list/',
      headers: { 'x-token': t.adminToken },
    });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD');
    expect(put.json()).toMatchObject({ error_status: 1, code: 'METHOD_NOT_ALLOWED' });
    const get = await call(t.app, 'GET', '/api/customer/create', { headers: { 'accept-language': 'zh' } });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect(get.body.msg).toBe('此接口不支持 GET，请使用 POST');
  });

  it(`answers 500 parallel creates that reuse 10 emails with 10 × 200 and 490 × 409 naming the email (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const creates = Array.from({ length: 500 }, (_, i) =>
      call(t.app, 'POST', '/api/customer/create/', {
        token: t.adminToken,
        body: { company_name: `Race ${i}`, email: `race${i % 10}@example.com` },
      }),
    );
    const answers = await Promise.all(creates);
    const count = (status: number) => answers.filter((a) => a.status === status).length;
    expect({ ok: count(200), conflict: count(409) }).toEqual({ ok: 10, conflict: 490 });
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.body.code).toBe('CONFLICT');
      // The service's own check names the customer that has the email; the race is caught by the index.
      expect(JSON.stringify(a.body.details)).toContain('"field":"email"');
    }
  }, 120_000);
});
