import { beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './helpers';

let t: TestApp;
let editor: string;
let customerId: number;
beforeAll(async () => {
  t = await createTestApp();
  editor = await t.userToken(['editor'], 'lily');
  const res = await post('/api/customer/create/', { company_name: 'Acme Imports', email: 'buyer@acme.test' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  customerId = res.body.data.id;
});

const post = (url: string, body: object, token = t.adminToken) => call(t.app, 'POST', url, { token, body });
const usage = (id: number | string, token = t.adminToken) =>
  call(t.app, 'GET', '/api/product/usage/', { token, query: { id: String(id) } });
const product = async (name: string) => {
  const res = await post('/api/product/create/', { name });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
};
const quotation = async (items: object[]) => {
  const res = await post('/api/quotation/create/', { customer_id: customerId, currency: 'USD', items });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; number: string };
};

describe('product usage', () => {
  it('lists the quotations whose current version has a line with the product, newest first', async () => {
    const kettle = await product('Kettle');
    const toaster = await product('Toaster');
    const line = (id: number) => ({ product_id: id, description: 'x', quantity: '2', unit_price: '10.5' });
    const first = await quotation([line(kettle)]);
    const second = await quotation([line(toaster), line(kettle)]);
    const other = await quotation([line(toaster)]);
    // A later version without the kettle takes the first quotation out of its usage.
    const dropped = await post('/api/quotation/update/', {
      id: first.id,
      version: 1,
      items: [line(toaster)],
    });
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
    const third = await quotation([line(kettle)]);

    const res = await usage(kettle);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.data.quotations as { number: string; customer_name: string; total: string }[];
    expect(rows.map((q) => q.number)).toEqual([third.number, second.number]);
    expect(rows[1]).toMatchObject({
      customer_name: 'Acme Imports',
      status: 'draft',
      total: '42.00',
      currency: 'USD',
    });

    const toasters = (await usage(toaster)).body.data.quotations.map((q: { number: string }) => q.number);
    expect(toasters).toEqual([first.number, other.number, second.number]);
    expect((await usage(999999)).body.data.quotations).toEqual([]);
  });

  it('is for admins only and names a bad id', async () => {
    expect((await usage(1, editor)).status).toBe(403);
    const bad = await call(t.app, 'GET', '/api/product/usage/', {
      token: t.adminToken,
      query: { id: 'x' },
      headers: { 'accept-language': 'zh' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(bad.body)).toContain('id');
  });
});
