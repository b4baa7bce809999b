import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailAccountUsers, emails, inquiryStates, users } from '../src/db/schema';
import { previousPeriod } from '../src/modules/dashboard/service';
import { call, createTestApp, type TestApp } from './helpers';

/** Dashboard summary: every card checked against rows made here, for an admin, one salesperson, an editor. */
let t: TestApp;
let editor: string;
let editorId: number;
let adminId: number;
let accountId: number;
let otherAccountId: number;
let customerId: number;
let seq = 0;

const DAY = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const dayOffset = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

const get = (url: string, query: Record<string, string | number> = {}, token = t.adminToken) =>
  call(t.app, 'GET', url, { token: token || undefined, query });
const post = (url: string, body: object, token = t.adminToken) =>
  call(t.app, 'POST', url, { token: token || undefined, body });
const ok = <T = Record<string, unknown>>(res: { status: number; body: { data?: unknown } }): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as T;
};

type Summary = {
  unread_mail: number;
  unhandled_inquiries: number | null;
  inquiries: { count: number; previous: number } | null;
  open_quotations: { count: number; sums: { currency: string; count: number; amount: string }[] } | null;
  expiring_quotations: number | null;
  orders_in_progress: { count: number; sums: { currency: string; count: number; amount: string }[] } | null;
  todo: {
    waiting_inquiries: number | null;
    follow_ups: number | null;
    expiring_quotations: number | null;
    failed_sends: number | null;
  };
  previous_from: string;
  previous_to: string;
};
const summary = async (query: Record<string, string | number>, token = t.adminToken) =>
  ok<Summary>(await get('/api/dashboard/summary/', query, token));

type EmailRow = typeof emails.$inferInsert;
async function mail(fields: Partial<EmailRow>): Promise<number> {
  const [row] = await t.database.db
    .insert(emails)
    .values({ accountId, dedupeKey: `dash-${++seq}`, date: new Date(), isRead: true, ...fields })
    .returning({ id: emails.id });
  if (fields.threadId === undefined)
    await t.database.db.update(emails).set({ threadId: row!.id }).where(eq(emails.id, row!.id));
  return row!.id;
}

const line = (price: string) => [
  { description: 'Knife', model: 'K', quantity: '2', unit: 'pcs', unit_price: price },
];

beforeAll(async () => {
  t = await createTestApp();
  editor = await t.userToken(['editor'], 'dash_editor');
  const [e] = await t.database.db.select().from(users).where(eq(users.username, 'dash_editor'));
  const [a] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
  editorId = e!.id;
  adminId = a!.id;
  const account = async (address: string) =>
    ok<{ id: number }>(
      await post('/api/email/update_email_account/', {
        address,
        name: 'S',
        imap_host: 'h',
        imap_user: 'u',
        imap_password: 'p',
      }),
    );
  accountId = (await account('sales@dash.test')).id;
  otherAccountId = (await account('info@dash.test')).id;
  await t.database.db.insert(emailAccountUsers).values({ accountId, userId: editorId });
  customerId = ok<{ id: number }>(await post('/api/customer/create/', { company_name: 'Dash Co' })).id;

  // Unread inbox mail: 2 on the editor's account, 1 elsewhere; a read one and a trashed unread one do not count.
  await mail({ isRead: false });
  await mail({ isRead: false });
  await mail({ isRead: false, accountId: otherAccountId });
  await mail({ isRead: false, folder: 'trash' });

  // Inquiries: today ×2 (one the editor handles, one quoted), 10 days ago ×1 (new, unanswered → waiting),
  // yesterday answered (new but answered → not waiting), and one trashed (never counts).
  await mail({ type: 'inquiry', handlerId: editorId });
  const quoted = await mail({ type: 'inquiry' });
  await t.database.db.insert(inquiryStates).values({ emailId: quoted, state: 'quoted' });
  await mail({ type: 'inquiry', date: hoursAgo(240), handlerId: editorId });
  const answered = await mail({ type: 'inquiry', date: new Date(`${dayOffset(-1)}T00:00:01Z`) });
  await mail({ folder: 'outbox', direction: 'out', sendStatus: 'sent', threadId: answered });
  await mail({ type: 'inquiry', folder: 'trash' });

  // Follow-ups (inbox) and failed sends (outbox).
  await mail({ status: 'follow_up', handlerId: editorId });
  await mail({ status: 'follow_up' });
  await mail({ folder: 'outbox', direction: 'out', sendStatus: 'failed', createdBy: adminId });

  // Quotations: open USD 20.00 (expires in 3 days), open USD 3.00 (in 30 days), open EUR 10.00
  // (editor's), expired (yesterday) and accepted ones do not count.
  const quote = async (price: string, validUntil: string | null, currency = 'USD', token = t.adminToken) =>
    ok<{ id: number }>(
      await post(
        '/api/quotation/create/',
        { customer_id: customerId, items: line(price), currency, valid_until: validUntil },
        token,
      ),
    );
  await quote('10', dayOffset(3));
  await quote('1.5', dayOffset(30));
  await quote('5', null, 'EUR', editor);
  await quote('7', dayOffset(-1));
  const won = await quote('9', dayOffset(10));
  ok(await post('/api/order/create_from_quotation/', { quotation_id: won.id }));

  // Orders in progress: the one above (USD 18.00, nothing paid) and USD 100.00 with 40.00 paid; a done one does not count.
  const order = ok<{ id: number }>(
    await post('/api/order/create/', { customer_id: customerId, items: line('50'), currency: 'USD' }),
  );
  ok(await post('/api/order/add_payment/', { order_id: order.id, date: today, amount: '40' }));
  const done = ok<{ id: number }>(
    await post('/api/order/create/', { customer_id: customerId, items: line('1'), currency: 'USD' }),
  );
  ok(await post('/api/order/set_status/', { id: done.id, status: 'done' }));
});

describe('dashboard summary', () => {
  it('counts every card of the whole company for an admin', async () => {
    const s = await summary({ from: dayOffset(-6), to: today });
    expect(s.unread_mail).toBe(3);
    expect(s.unhandled_inquiries).toBe(3);
    expect(s.inquiries).toEqual({ count: 3, previous: 1 });
    expect(s.open_quotations).toEqual({
      count: 3,
      sums: [
        { currency: 'EUR', count: 1, amount: '10.00' },
        { currency: 'USD', count: 2, amount: '23.00' },
      ],
    });
    expect(s.expiring_quotations).toBe(1);
    expect(s.orders_in_progress).toEqual({
      count: 2,
      sums: [{ currency: 'USD', count: 2, amount: '78.00' }],
    });
    expect(s.todo).toEqual({ waiting_inquiries: 1, follow_ups: 2, expiring_quotations: 1, failed_sends: 1 });
  });

  it('compares with the period of the same length just before', async () => {
    const s = await summary({ from: today, to: today });
    expect(s.inquiries).toEqual({ count: 2, previous: 1 });
    expect([s.previous_from, s.previous_to]).toEqual([dayOffset(-1), dayOffset(-1)]);
    expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
  });

  it('narrows every card to one salesperson for an admin', async () => {
    const s = await summary({ from: dayOffset(-30), to: today, owner_id: editorId });
    expect(s.unread_mail).toBe(2);
    expect(s.unhandled_inquiries).toBe(2);
    expect(s.inquiries).toEqual({ count: 2, previous: 0 });
    expect(s.open_quotations).toEqual({ count: 1, sums: [{ currency: 'EUR', count: 1, amount: '10.00' }] });
    expect(s.expiring_quotations).toBe(0);
    expect(s.orders_in_progress).toEqual({ count: 0, sums: [] });
    expect(s.todo).toEqual({ waiting_inquiries: 1, follow_ups: 1, expiring_quotations: 0, failed_sends: 0 });
  });

  it('shows an editor only what her lists show: her unread mail, no admin-only card', async () => {
    const s = await summary({ from: dayOffset(-6), to: today }, editor);
    expect(s.unread_mail).toBe(2);
    expect(s.unhandled_inquiries).toBeNull();
    expect(s.inquiries).toBeNull();
    expect(s.open_quotations).toBeNull();
    expect(s.expiring_quotations).toBeNull();
    expect(s.orders_in_progress).toBeNull();
    expect(s.todo).toEqual({
      waiting_inquiries: null,
      follow_ups: null,
      expiring_quotations: null,
      failed_sends: null,
    });
    expect(
      (await get('/api/dashboard/summary/', { from: today, to: today, owner_id: editorId }, editor)).status,
    ).toBe(200);
    expect(
      (await get('/api/dashboard/summary/', { from: today, to: today, owner_id: adminId }, editor)).status,
    ).toBe(403);
  });

  it('refuses no token and bad periods, naming the field', async () => {
    const anonymous = await get('/api/dashboard/summary/', { from: today, to: today }, '');
    expect([anonymous.status, anonymous.body.code]).toEqual([403, 'AUTH_REQUIRED']);
    const reversed = await get('/api/dashboard/summary/', { from: today, to: dayOffset(-1) });
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain('to');
    expect((await get('/api/dashboard/summary/', { from: 'yesterday', to: today })).status).toBe(400);
    expect((await get('/api/dashboard/summary/', { to: today })).status).toBe(400);
  });
});
