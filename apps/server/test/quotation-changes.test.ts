import { beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './helpers';

let t: TestApp;
let customerId: number;
beforeAll(async () => {
  t = await createTestApp();
  const res = await post('/api/customer/create/', { company_name: 'Acme Imports' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  customerId = res.body.data.id;
});

const post = (url: string, body: object) => call(t.app, 'POST', url, { token: t.adminToken, body });
const get = (url: string, query: Record<string, string | number>) =>
  call(t.app, 'GET', url, { token: t.adminToken, query });

const kettle = { description: 'Kettle', model: 'K-1', quantity: '10', unit_price: '12' };
const board = { description: 'Board', model: 'B-1', quantity: '5', unit_price: '3' };

describe('quotation version changes', () => {
  it('answers each version change counted (for the reader language) beside the English summary', async () => {
    const created = await post('/api/quotation/create/', {
      customer_id: customerId,
      currency: 'USD',
      items: [kettle],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id;
    const saved = await post('/api/quotation/update/', {
      id,
      version: 1,
      trade_term: 'FOB',
      items: [{ ...kettle, unit_price: '11.5' }, board],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const history = await get('/api/quotation/history/', { id });
    expect(history.status).toBe(200);
    const [v2, v1] = history.body.data;
    expect(v1.changes).toBeNull();
    expect(v2.summary).toBe('1 price changed, 1 line added, trade term changed, total 120.00 → 130.00 USD');
    expect(v2.changes).toEqual({
      prices: 1,
      quantities: 0,
      edited: 0,
      added: 1,
      removed: 0,
      fields: ['trade_term'],
      total_from: '120.00',
      total_to: '130.00',
      currency_from: 'USD',
      currency: 'USD',
    });

    const diff = await get('/api/quotation/diff/', { id, from: 1, to: 2 });
    expect(diff.body.data.diff.changes).toEqual(v2.changes);
    expect(diff.body.data.diff.summary).toBe(v2.summary);
  });
});
