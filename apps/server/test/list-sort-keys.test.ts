import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/demo';
import { call, createTestApp, type TestApp } from './helpers';

type OpenApi = { paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }> };

let t: TestApp;
let sortable: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.ctx);
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApi;
  sortable = Object.entries(doc.paths)
    .filter(([, item]) => item.get?.parameters?.some((p) => p.in === 'query' && p.name === 'sort'))
    .map(([path]) => path);
});

// A list looks its sort key up in a map of columns: an inherited name (`__proto__`, `constructor`)
// once reached the SQL as a column and answered 500 (the API fuzz found it on PostgreSQL).
describe('a list sorted by a name every object inherits', () => {
  it('answers as with an unknown key: the default order, not a server error', async () => {
    expect(sortable.length).toBeGreaterThan(5);
    const customer = await call(t.app, 'GET', '/api/customer/list/', { token: t.adminToken });
    const customerId = String(customer.body.data.items[0].id);
    const failures: string[] = [];
    for (const path of sortable)
      for (const sort of ['__proto__', '-constructor', 'toString', 'hasOwnProperty']) {
        // The history needs whose mail; the other lists take their defaults.
        const query = { sort, ...(path === '/api/email/history/' ? { customer_id: customerId } : {}) };
        const res = await call(t.app, 'GET', path, { token: t.adminToken, query });
        if (res.status >= 500) failures.push(`${path}?sort=${sort} → ${res.status}`);
      }
    expect(failures).toEqual([]);
  });
});
