import { beforeAll, describe, expect, it } from 'vitest';
import { emails } from '../src/db/schema';
import { call, createTestApp, type TestApp } from './helpers';

/** Search everywhere: each kind found (numbers too, exact number first), grouped, and access per role. */
let t: TestApp;
let editor: string;
let customerId: number;
let quotation: { id: number; number: string };
let order: { id: number; number: string };
let invoice: { id: number; number: string };
let packing: { id: number; number: string };
let productId: number;
let emailId: number;
let inquiryId: number;
let customerInquiryId: number;

const get = (url: string, query: Record<string, string | number> = {}, token = t.adminToken) =>
  call(t.app, 'GET', url, { token: token || undefined, query });
const post = (url: string, body: object) => call(t.app, 'POST', url, { token: t.adminToken, body });
const ok = <T = Record<string, unknown>>(res: { status: number; body: { data?: unknown } }): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as T;
};

type Answer = { groups: { kind: string; items: { id: number; title: string; subtitle: string }[] }[] };
const search = async (q: string, token = t.adminToken) => ok<Answer>(await get('/api/search/', { q }, token));
const idsOf = (a: Answer, kind: string) =>
  a.groups.find((g) => g.kind === kind)?.items.map((i) => i.id) ?? [];

const items = [{ description: 'Zephyr kettle', model: 'ZK-9', quantity: '2', unit: 'pcs', unit_price: '10' }];

beforeAll(async () => {
  t = await createTestApp();
  editor = await t.userToken(['editor'], 'search_editor');
  customerId = ok<{ id: number }>(
    await post('/api/customer/create/', { company_name: 'Zephyr Trading', email: 'ops@zephyr.test' }),
  ).id;
  quotation = ok(await post('/api/quotation/create/', { customer_id: customerId, items }));
  // Ten more quotations, so the one asked for by number must come first to be among the hits.
  for (let i = 0; i < 10; i++) ok(await post('/api/quotation/create/', { customer_id: customerId, items }));
  order = ok(await post('/api/order/create/', { customer_id: customerId, items, currency: 'USD' }));
  invoice = ok(await post('/api/invoice/create_from_order/', { order_id: order.id, kind: 'proforma' }));
  packing = ok(await post('/api/packing_list/create_from_order/', { order_id: order.id }));
  productId = ok<{ id: number }>(
    await post('/api/product/create/', { name: 'Zephyr Kettle', model: 'ZK-9' }),
  ).id;
  const account = ok<{ id: number }>(
    await post('/api/email/update_email_account/', {
      address: 'sales@search.test',
      name: 'S',
      imap_host: 'h',
      imap_user: 'u',
      imap_password: 'p',
    }),
  );
  const [row] = await t.database.db
    .insert(emails)
    .values({
      accountId: account.id,
      dedupeKey: 'search-1',
      subject: 'Zephyr price list request',
      fromAddress: 'ops@zephyr.test',
      date: new Date(),
    })
    .returning({ id: emails.id });
  emailId = row!.id;
  await t.database.db.insert(emails).values({
    accountId: account.id,
    dedupeKey: 'search-2',
    subject: 'Zephyr old',
    folder: 'trash',
    date: new Date(),
  });
  const inquiry = (
    dedupeKey: string,
    subject: string,
    hoursAgo: number,
    more: Partial<typeof emails.$inferInsert> = {},
  ) =>
    t.database.db
      .insert(emails)
      .values({
        accountId: account.id,
        dedupeKey,
        subject,
        type: 'inquiry',
        fromName: 'Mira Holt',
        fromAddress: 'mira@holt.test',
        date: new Date(Date.now() - hoursAgo * 3_600_000),
        ...more,
      })
      .returning({ id: emails.id })
      .then((rows) => rows[0]!.id);
  inquiryId = await inquiry('search-3', 'Zephyr kettles for our shops', 2);
  // Found by its customer's name: neither subject nor sender says Zephyr.
  customerInquiryId = await inquiry('search-4', 'Price for 500 kettles', 1, { customerId });
  await inquiry('search-5', 'Zephyr trashed inquiry', 0, { folder: 'trash' });
});

describe('search everywhere', () => {
  it('finds every kind by name, grouped in a fixed order, trashed mail left out', async () => {
    const a = await search('zephyr');
    expect(a.groups.map((g) => g.kind)).toEqual([
      'customer',
      'email',
      'inquiry',
      'quotation',
      'order',
      'invoice',
      'packing_list',
      'product',
    ]);
    expect(idsOf(a, 'customer')).toEqual([customerId]);
    expect(idsOf(a, 'email')).toEqual([emailId]);
    expect(idsOf(a, 'order')).toEqual([order.id]);
    expect(idsOf(a, 'invoice')).toEqual([invoice.id]);
    expect(idsOf(a, 'packing_list')).toEqual([packing.id]);
    expect(idsOf(a, 'product')).toEqual([productId]);
    expect(idsOf(a, 'quotation')).toHaveLength(5);
  });

  it('finds inquiries by subject, sender and customer, newest first, once and not as emails', async () => {
    const a = await search('zephyr');
    expect(idsOf(a, 'inquiry')).toEqual([customerInquiryId, inquiryId]);
    expect(a.groups.find((g) => g.kind === 'inquiry')?.items).toEqual([
      { id: customerInquiryId, title: 'Price for 500 kettles', subtitle: 'Zephyr Trading' },
      { id: inquiryId, title: 'Zephyr kettles for our shops', subtitle: 'Mira Holt' },
    ]);
    const bySender = await search('mira@holt');
    expect(idsOf(bySender, 'inquiry')).toEqual([customerInquiryId, inquiryId]);
    expect(bySender.groups.map((g) => g.kind)).toEqual(['inquiry']);
  });

  it('finds mail by a text with a number the same way whether the number is rare or in 1,000+ emails', async () => {
    const account = (await t.database.db.select({ id: emails.accountId }).from(emails).limit(1))[0]!.id;
    const mail = (n: number, subject: string) => ({
      accountId: account,
      dedupeKey: `rare-${n}`,
      subject,
      fromAddress: `buyer${n}@rare.test`,
      date: new Date(Date.now() - n * 60_000),
    });
    // "9931" is in 1,001 emails (more candidates than the rare-word path takes), "4217" in two.
    await t.database.db
      .insert(emails)
      .values(Array.from({ length: 1001 }, (_, n) => mail(n, `Quote 9931 part ${n}`)));
    const [wanted, other] = await t.database.db
      .insert(emails)
      .values([mail(2001, 'Glass bowl 4217 reorder'), mail(2002, 'Plate 4217 reorder')])
      .returning({ id: emails.id });
    const rare = await search('bowl 4217');
    expect(idsOf(rare, 'email')).toEqual([wanted!.id]);
    expect(idsOf(await search('4217 reorder'), 'email')).toEqual([wanted!.id, other!.id]);
    const common = await search('9931 part 100');
    expect(rare.groups.map((g) => g.kind)).toEqual(['email']);
    // Parts 100 and 1000: newest first (part 100 is the newer).
    expect(common.groups.find((g) => g.kind === 'email')?.items.map((i) => i.title)).toEqual([
      'Quote 9931 part 100',
      'Quote 9931 part 1000',
    ]);
  });

  it('finds documents by number, the exact number first', async () => {
    const a = await search(quotation.number.toLowerCase());
    expect(idsOf(a, 'quotation')[0]).toBe(quotation.id);
    expect(a.groups.find((g) => g.kind === 'quotation')?.items[0]).toMatchObject({
      title: quotation.number,
      subtitle: 'Zephyr Trading',
    });
    expect(idsOf(await search(order.number), 'order')).toEqual([order.id]);
    expect(idsOf(await search(invoice.number), 'invoice')).toEqual([invoice.id]);
    expect(idsOf(await search(packing.number), 'packing_list')).toEqual([packing.id]);
    expect(idsOf(await search('zk-9'), 'product')).toEqual([productId]);
  });

  it('answers an editor only the kinds her lists show (customers), no inquiry nor other admin-only list', async () => {
    const a = await search('zephyr', editor);
    expect(a.groups.map((g) => g.kind)).toEqual(['customer']);
    expect(idsOf(a, 'customer')).toEqual([customerId]);
    expect((await search(quotation.number, editor)).groups).toEqual([]);
    // The inquiry list is the admin's: no inquiry reaches an editor, by subject, sender or customer.
    expect((await search('mira@holt', editor)).groups).toEqual([]);
    expect((await search('kettles for our', editor)).groups).toEqual([]);
  });

  it('refuses no token and a too short or missing q, naming the field', async () => {
    const anonymous = await get('/api/search/', { q: 'zephyr' }, '');
    expect([anonymous.status, anonymous.body.code]).toEqual([403, 'AUTH_REQUIRED']);
    for (const query of [{ q: 'z' }, {}, { q: 'x'.repeat(101) }] as Record<string, string>[]) {
      const res = await get('/api/search/', query);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('q');
    }
    expect((await search('nothing-like-this')).groups).toEqual([]);
  });
});
