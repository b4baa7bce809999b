import { type DashboardCharts, type DashboardSummary, nationIdByCode } from '@quayside/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailAccountUsers, emails, orders, products, taskRecipients, tasks, users } from '../src/db/schema';
import { daysOf } from '../src/modules/dashboard/charts';
import { call, createTestApp, type TestApp } from './helpers';

/**
 * Dashboard charts and the running tasks card: every figure checked against rows made here, for an
 * admin (whole company and one salesperson) and an editor (no list behind them is hers).
 */
let t: TestApp;
let editor: string;
let editorId: number;
let adminId: number;
let accountId: number;
let acme: number;
let bolt: number;
let knifeId: number;
let seq = 0;

const DAY = 86_400_000;
const dayOffset = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const today = dayOffset(0);
const from = dayOffset(-40);
const noonOf = (days: number) => new Date(`${dayOffset(days)}T12:00:00Z`);
const DE = nationIdByCode('DE');
const FR = nationIdByCode('FR');
const UNKNOWN = nationIdByCode('');

const get = (url: string, query: Record<string, string | number> = {}, token = t.adminToken) =>
  call(t.app, 'GET', url, { token: token || undefined, query });
const post = (url: string, body: object, token = t.adminToken) =>
  call(t.app, 'POST', url, { token: token || undefined, body });
const ok = <T = Record<string, unknown>>(res: { status: number; body: { data?: unknown } }): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as T;
};
const charts = async (query: Record<string, string | number>, token = t.adminToken) =>
  ok<DashboardCharts>(await get('/api/dashboard/charts/', query, token));

async function mail(fields: Partial<typeof emails.$inferInsert>): Promise<number> {
  const [row] = await t.database.db
    .insert(emails)
    .values({ accountId, dedupeKey: `chart-${++seq}`, date: noonOf(0), isRead: true, ...fields })
    .returning({ id: emails.id });
  return row!.id;
}

type Line = {
  description?: string;
  model?: string;
  product_id?: number;
  quantity: string;
  unit_price: string;
};
const lines = (items: Line[]) => items.map((i) => ({ description: '', model: '', unit: 'pcs', ...i }));

async function order(customerId: number, items: Line[], currency = 'USD'): Promise<number> {
  return ok<{ id: number }>(
    await post('/api/order/create/', { customer_id: customerId, items: lines(items), currency }),
  ).id;
}

beforeAll(async () => {
  t = await createTestApp();
  editor = await t.userToken(['editor'], 'chart_editor');
  const [e] = await t.database.db.select().from(users).where(eq(users.username, 'chart_editor'));
  const [a] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
  editorId = e!.id;
  adminId = a!.id;
  accountId = ok<{ id: number }>(
    await post('/api/email/update_email_account/', {
      address: 'sales@chart.test',
      name: 'S',
      imap_host: 'h',
      imap_user: 'u',
      imap_password: 'p',
    }),
  ).id;
  await t.database.db.insert(emailAccountUsers).values({ accountId, userId: editorId });
  acme = ok<{ id: number }>(
    await post('/api/customer/create/', { company_name: 'Acme GmbH', nation: DE }),
  ).id;
  bolt = ok<{ id: number }>(await post('/api/customer/create/', { company_name: 'Bolt Ltd' })).id;
  const [knife] = await t.database.db
    .insert(products)
    .values({ name: 'Chef knife', model: 'CK-8' })
    .returning({ id: products.id });
  knifeId = knife!.id;

  // Received (inbox): today 2 (one the editor handles), 2 days ago 1; trash and drafts never count.
  await mail({});
  await mail({ handlerId: editorId });
  await mail({ date: noonOf(-2) });
  await mail({ folder: 'trash' });
  await mail({ folder: 'drafts', direction: 'out' });
  // Sent: today 1 (the editor's), yesterday 1 synced from Sent; failed and queued never count.
  const out = { folder: 'outbox', direction: 'out' } as const;
  await mail({ ...out, sendStatus: 'sent', createdBy: editorId });
  await mail({ ...out, date: noonOf(-1) });
  await mail({ ...out, sendStatus: 'failed' });
  await mail({ ...out, sendStatus: 'queued' });

  // Inquiries (also inbox mail): today Acme (DE) and a French sender; yesterday another French
  // sender (lower case code); 3 days ago one the editor handles with no country; 60 days ago (outside).
  const inquiry = { type: 'inquiry' } as const;
  const fromAcme = await mail({ ...inquiry, customerId: acme, senderCountry: 'US' });
  const fromFrance = await mail({ ...inquiry, senderCountry: 'FR' });
  await mail({ ...inquiry, senderCountry: 'fr', date: noonOf(-1) });
  await mail({ ...inquiry, handlerId: editorId, date: noonOf(-3) });
  await mail({ ...inquiry, senderCountry: 'DE', date: noonOf(-60) });
  await mail({ ...inquiry, senderCountry: 'DE', folder: 'trash' });

  // Funnel: both of today's inquiries were quoted, Acme's quotation became an order.
  const quote = async (inquiryId: number, customerId: number) =>
    ok<{ id: number }>(
      await post('/api/quotation/create/', {
        customer_id: customerId,
        inquiry_email_id: inquiryId,
        currency: 'USD',
        items: lines([{ product_id: knifeId, description: 'Knife', quantity: '2', unit_price: '10' }]),
      }),
    ).id;
  const acmeQuote = await quote(fromAcme, acme);
  await quote(fromFrance, bolt);
  ok(await post('/api/order/create_from_quotation/', { quotation_id: acmeQuote })); // Acme USD 20.00

  // Orders: Bolt USD 115.00 (knife 3 × 5 + model M2 1 × 100), Acme EUR 50.00 35 days ago owned by the
  // editor, Bolt EUR 0.10 today, Acme USD 7.00 100 days ago (outside the period).
  await order(bolt, [
    { product_id: knifeId, description: 'Knife', quantity: '3', unit_price: '5' },
    { model: 'M2', quantity: '1', unit_price: '100' },
  ]);
  const old = await order(acme, [{ description: 'Fork', quantity: '1', unit_price: '50' }], 'EUR');
  await t.database.db
    .update(orders)
    .set({ createdAt: noonOf(-35), ownerId: editorId })
    .where(eq(orders.id, old));
  await order(bolt, [{ description: 'fork', quantity: '1', unit_price: '0.1' }], 'EUR');
  const ancient = await order(acme, [{ description: 'Spoon', quantity: '1', unit_price: '7' }]);
  await t.database.db
    .update(orders)
    .set({ createdAt: noonOf(-100) })
    .where(eq(orders.id, ancient));

  // Tasks: running (editor's) sent 2 + opened 1 + pending + failed; running (admin's) opened 1;
  // a paused one and a deleted running one never count.
  const task = async (status: string, createdBy: number, recipients: string[], deleted = false) => {
    const [row] = await t.database.db
      .insert(tasks)
      .values({
        name: `T${++seq}`,
        accountId,
        type: 'fixed',
        subject: 's',
        html: 'h',
        status,
        createdBy,
        deletedAt: deleted ? new Date() : null,
      })
      .returning({ id: tasks.id });
    await t.database.db.insert(taskRecipients).values(
      recipients.map((s, i) => ({
        taskId: row!.id,
        address: `r${i}@x.test`,
        status: s,
        token: `tok-${seq}-${i}`,
      })),
    );
  };
  await task('running', editorId, ['sent', 'sent', 'opened', 'pending', 'failed']);
  await task('running', adminId, ['opened']);
  await task('paused', adminId, ['opened', 'sent']);
  await task('running', adminId, ['opened', 'sent'], true);
});

const emailDay = (c: DashboardCharts, day: string) => c.emails?.find((d) => d.day === day);
const inquiryDay = (c: DashboardCharts, day: string) => c.inquiries?.days.find((d) => d.day === day)?.count;

describe('dashboard charts', () => {
  it('counts mail received and sent per day, every day of the period present', async () => {
    const c = await charts({ from, to: today });
    expect(c.emails).toHaveLength(41);
    expect(c.emails?.[0]?.day).toBe(from);
    // Today: 2 plain + 2 inquiries received; yesterday 1 inquiry received, 1 sent.
    expect(emailDay(c, today)).toEqual({ day: today, received: 4, sent: 1 });
    expect(emailDay(c, dayOffset(-1))).toEqual({ day: dayOffset(-1), received: 1, sent: 1 });
    expect(emailDay(c, dayOffset(-2))).toEqual({ day: dayOffset(-2), received: 1, sent: 0 });
    expect(emailDay(c, dayOffset(-3))).toEqual({ day: dayOffset(-3), received: 1, sent: 0 });
    const total = c.emails!.reduce((n, d) => n + d.received + d.sent, 0);
    expect(total).toBe(9);
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it('counts inquiries per day and by country (the customer’s, else the sender’s IP)', async () => {
    const c = await charts({ from, to: today });
    expect(inquiryDay(c, today)).toBe(2);
    expect(inquiryDay(c, dayOffset(-1))).toBe(1);
    expect(inquiryDay(c, dayOffset(-3))).toBe(1);
    expect(c.inquiries?.days.reduce((n, d) => n + d.count, 0)).toBe(4);
    expect(c.inquiries?.countries).toEqual(
      [
        { nation: FR, count: 2 },
        { nation: UNKNOWN, count: 1 },
        { nation: DE, count: 1 },
      ].sort((a, b) => b.count - a.count || a.nation - b.nation),
    );
  });

  it('follows inquiries to quotations and orders', async () => {
    expect((await charts({ from, to: today })).funnel).toEqual({ inquiries: 4, quoted: 2, ordered: 1 });
    expect((await charts({ from: today, to: today })).funnel).toEqual({
      inquiries: 2,
      quoted: 2,
      ordered: 1,
    });
    expect((await charts({ from: dayOffset(-3), to: dayOffset(-1) })).funnel).toEqual({
      inquiries: 2,
      quoted: 0,
      ordered: 0,
    });
  });

  it('sums order value per month and currency, exactly', async () => {
    const c = await charts({ from, to: today });
    const month = (days: number) => dayOffset(days).slice(0, 7);
    // 35 days back is always an earlier month.
    const expected = [
      { month: month(-35), currency: 'EUR', count: 1, amount: '50.00' },
      { month: month(0), currency: 'EUR', count: 1, amount: '0.10' },
      { month: month(0), currency: 'USD', count: 2, amount: '135.00' },
    ];
    expect(c.order_value).toEqual(expected);
  });

  it('ranks customers and products by order value per currency', async () => {
    const c = await charts({ from, to: today });
    expect(c.top_customers).toEqual([
      {
        currency: 'EUR',
        items: [
          { customer_id: acme, name: 'Acme GmbH', count: 1, amount: '50.00' },
          { customer_id: bolt, name: 'Bolt Ltd', count: 1, amount: '0.10' },
        ],
      },
      {
        currency: 'USD',
        items: [
          { customer_id: bolt, name: 'Bolt Ltd', count: 1, amount: '115.00' },
          { customer_id: acme, name: 'Acme GmbH', count: 1, amount: '20.00' },
        ],
      },
    ]);
    // "Fork" and "fork" are one line text; the knife is one product across two orders.
    expect(c.top_products).toEqual([
      { currency: 'EUR', items: [{ product_id: null, name: 'Fork', count: 2, amount: '50.10' }] },
      {
        currency: 'USD',
        items: [
          { product_id: null, name: 'M2', count: 1, amount: '100.00' },
          { product_id: knifeId, name: 'Chef knife', count: 2, amount: '35.00' },
        ],
      },
    ]);
  });

  it('narrows every chart to one salesperson for an admin', async () => {
    const c = await charts({ from, to: today, owner_id: editorId });
    expect(emailDay(c, today)).toEqual({ day: today, received: 1, sent: 1 });
    expect(c.emails!.reduce((n, d) => n + d.received + d.sent, 0)).toBe(3);
    expect(c.inquiries?.days.reduce((n, d) => n + d.count, 0)).toBe(1);
    expect(c.inquiries?.countries).toEqual([{ nation: UNKNOWN, count: 1 }]);
    expect(c.funnel).toEqual({ inquiries: 1, quoted: 0, ordered: 0 });
    expect(c.order_value).toEqual([
      { month: dayOffset(-35).slice(0, 7), currency: 'EUR', count: 1, amount: '50.00' },
    ]);
    expect(c.top_customers).toEqual([
      { currency: 'EUR', items: [{ customer_id: acme, name: 'Acme GmbH', count: 1, amount: '50.00' }] },
    ]);
    expect(c.top_products).toEqual([
      { currency: 'EUR', items: [{ product_id: null, name: 'Fork', count: 1, amount: '50.00' }] },
    ]);
  });

  it('shows an editor no chart whose list is closed to her, and no other salesperson', async () => {
    const c = await charts({ from, to: today }, editor);
    expect(c).toEqual({
      from,
      to: today,
      emails: null,
      inquiries: null,
      funnel: null,
      order_value: null,
      top_customers: null,
      top_products: null,
    });
    expect((await get('/api/dashboard/charts/', { from, to: today, owner_id: adminId }, editor)).status).toBe(
      403,
    );
  });

  it('refuses no token and a bad period, naming the field', async () => {
    const anonymous = await get('/api/dashboard/charts/', { from, to: today }, '');
    expect([anonymous.status, anonymous.body.code]).toEqual([403, 'AUTH_REQUIRED']);
    const reversed = await get('/api/dashboard/charts/', { from: today, to: dayOffset(-1) });
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain('to');
  });
});

describe('running tasks card', () => {
  const summary = async (query: Record<string, string | number>, token = t.adminToken) =>
    ok<DashboardSummary>(await get('/api/dashboard/summary/', query, token));

  it('counts running tasks and their sent and opened mail', async () => {
    expect((await summary({ from: today, to: today })).running_tasks).toEqual({
      count: 2,
      sent: 4,
      opened: 2,
    });
  });

  it('narrows to the salesperson who made them', async () => {
    const s = await summary({ from: today, to: today, owner_id: editorId });
    expect(s.running_tasks).toEqual({ count: 1, sent: 3, opened: 1 });
  });

  it('is left out for a user who may not open the task list', async () => {
    expect((await summary({ from: today, to: today }, editor)).running_tasks).toBeNull();
  });
});
