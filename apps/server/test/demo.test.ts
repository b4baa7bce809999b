import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/demo';
import { call, createTestApp, login, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('demo data', () => {
  it('fills a new database with users and customers once, and never again', async () => {
    expect(await seedDemo(t.database.db)).toBe(true);
    expect(await seedDemo(t.database.db)).toBe(false);
    const lily = await login(t.app, 'lily', 'demo1234');
    const mine = await call(t.app, 'GET', '/api/customer/list/', { token: lily, query: { owner: 'me' } });
    expect(mine.body.data.total).toBeGreaterThan(3);
    const all = await call(t.app, 'GET', '/api/customer/list/', {
      token: t.adminToken,
      query: { page_size: 100 },
    });
    expect(all.body.data.total).toBe(24);
    expect(new Set(all.body.data.items.map((c: { nation: number }) => c.nation)).size).toBeGreaterThan(15);
  });
});
