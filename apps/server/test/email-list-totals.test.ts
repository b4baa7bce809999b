import { beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../src/modules/email/service';
import { call, createTestApp, type TestApp } from './helpers';

/** Email list totals (counted up to a cap) and the customer history (a UNION of two lookups). */
let t: TestApp;
let customerId: number;
const get = async (url: string, query: Record<string, string | number | boolean>) =>
  (await call(t.app, 'GET', url, { token: t.adminToken, query })).body.data as {
    items: { id: number; subject: string }[];
    total: number;
    total_capped: boolean;
  };

beforeAll(async () => {
  t = await createTestApp();
  const q = t.database.query.bind(t.database);
  await q(`INSERT INTO email_accounts (address, imap_host, imap_user) VALUES ('box@example.test', 'h', 'u')`);
  const { rows } = await q<{ id: number }>(
    `INSERT INTO customers (company_name, email) VALUES ('Buyer', 'buyer@buyer.test') RETURNING id`,
  );
  customerId = rows[0]!.id;
  // COUNT_CAP + 5 inbox mails, 25 of them with "needle" in the subject.
  await q(
    `INSERT INTO emails (account_id, dedupe_key, subject, from_address, date)
     SELECT 1, 'bulk:' || i, CASE WHEN i <= 25 THEN 'needle ' || i ELSE 'bulk ' || i END, 'x@y.test',
       now() - make_interval(mins => i)
     FROM generate_series(1, $1::int) i`,
    [COUNT_CAP + 5],
  );
  // History: linked by customer_id only, by address only, by both (once in the answer), and the
  // ones it leaves out: drafts, trash, deleted forever, someone else's.
  const mail = async (
    key: string,
    folder: string,
    customer: number | null,
    address: string,
    deleted = false,
  ) => {
    const { rows: made } = await q<{ id: number }>(
      `INSERT INTO emails (account_id, dedupe_key, subject, folder, from_address, date, customer_id, deleted_at)
       VALUES (1, $1, $1, $2, $3, now(), $4, $5) RETURNING id`,
      [key, folder, address, customer, deleted ? new Date() : null],
    );
    await q(`INSERT INTO email_addresses (email_id, role, address) VALUES ($1, 'from', $2)`, [
      made[0]!.id,
      address,
    ]);
  };
  await mail('h by customer', 'inbox', customerId, 'other@buyer.test');
  await mail('h by address', 'outbox', null, 'buyer@buyer.test');
  await mail('h by both', 'inbox', customerId, 'buyer@buyer.test');
  await mail('h draft', 'drafts', customerId, 'buyer@buyer.test');
  await mail('h trash', 'trash', customerId, 'buyer@buyer.test');
  await mail('h deleted', 'inbox', customerId, 'buyer@buyer.test', true);
  await mail('h stranger', 'inbox', null, 'stranger@else.test');
});

describe('email list totals', () => {
  it('counts up to the cap, then says the total is a lower bound', async () => {
    const first = await get('/api/email/list/', { folder: 'inbox', page_size: 20 });
    expect(first).toMatchObject({ total: COUNT_CAP, total_capped: true });
    expect(first.items).toHaveLength(20);
  });

  it('counts exactly under the cap, also from a last page that is not full', async () => {
    expect(await get('/api/email/list/', { q: 'needle', page_size: 20 })).toMatchObject({
      total: 25,
      total_capped: false,
    });
    const last = await get('/api/email/list/', { q: 'needle', page_size: 20, page: 2 });
    expect(last).toMatchObject({ total: 25, total_capped: false });
    expect(last.items.map((i) => i.subject)).toEqual([
      'needle 21',
      'needle 22',
      'needle 23',
      'needle 24',
      'needle 25',
    ]);
    expect(await get('/api/email/list/', { q: 'needle', page_size: 20, page: 9 })).toMatchObject({
      items: [],
      total: 25,
    });
    expect(await get('/api/email/list/', { q: 'nothing like it' })).toMatchObject({ items: [], total: 0 });
  });

  it('counts past the cap when paging beyond it', async () => {
    // The inbox holds COUNT_CAP + 8 (the bulk and three history mails); a page past the cap counts
    // on to ten pages beyond it, here to the end.
    const deep = await get('/api/email/list/', { folder: 'inbox', page_size: 1, page: COUNT_CAP + 3 });
    expect(deep.items).toHaveLength(1);
    expect(deep).toMatchObject({ total: COUNT_CAP + 8, total_capped: false });
  });
});

describe('email history', () => {
  it("answers a customer's mail by customer and by address, once each, drafts and trash aside", async () => {
    const res = await get('/api/email/history/', { customer_id: customerId });
    expect(res.items.map((i) => i.subject).sort()).toEqual(['h by address', 'h by both', 'h by customer']);
    expect(res.total).toBe(3);
    const byAddress = await get('/api/email/history/', { address: 'BUYER@buyer.test' });
    expect(byAddress.items.map((i) => i.subject).sort()).toEqual(['h by address', 'h by both']);
    const paged = await get('/api/email/history/', { customer_id: customerId, page_size: 2, page: 2 });
    expect(paged).toMatchObject({ total: 3, total_capped: false });
    expect(paged.items).toHaveLength(1);
  });
});
