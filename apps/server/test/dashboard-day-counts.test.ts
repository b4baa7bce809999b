import type { DashboardCharts, DashboardSummary } from '@quayside/contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailAccountUsers, emails, orders, users } from '../src/db/schema';
import { call, createTestApp, type TestApp } from './helpers';

/**
 * The dashboard's mail figures come from email_day_counts (emails per day, kept by triggers on
 * `emails`). After every kind of change a user can make — new mail, trash, restore, delete forever,
 * a new handler or type, mail moved to another day or account, rows removed — the table equals a
 * recount of the emails, and the charts and cards show the change, for the whole company, one
 * salesperson and an editor.
 */
let t: TestApp;
let editor: string;
let editorId: number;
let accountId: number;
let otherAccountId: number;
let seq = 0;

const DAY = 86_400_000;
const dayOffset = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const today = dayOffset(0);
const from = dayOffset(-10);
const noonOf = (days: number) => new Date(`${dayOffset(days)}T12:00:00Z`);

const get = (url: string, query: Record<string, string | number> = {}, token = t.adminToken) =>
  call(t.app, 'GET', url, { token: token || undefined, query });
const post = (url: string, body: object, token = t.adminToken) =>
  call(t.app, 'POST', url, { token: token || undefined, body });
const ok = <T = Record<string, unknown>>(res: { status: number; body: { data?: unknown } }): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as T;
};
const charts = async (query: Record<string, string | number> = {}, token = t.adminToken) =>
  ok<DashboardCharts>(await get('/api/dashboard/charts/', { from, to: today, ...query }, token));
const summary = async (query: Record<string, string | number> = {}, token = t.adminToken) =>
  ok<DashboardSummary>(await get('/api/dashboard/summary/', { from, to: today, ...query }, token));

const mailOf = (c: DashboardCharts, day = today) => c.emails?.find((d) => d.day === day);
const inquiriesOf = (c: DashboardCharts, day = today) => c.inquiries?.days.find((d) => d.day === day)?.count;

async function mail(rows: Partial<typeof emails.$inferInsert>[]): Promise<number[]> {
  const inserted = await t.database.db
    .insert(emails)
    .values(
      rows.map((fields) => ({
        accountId,
        dedupeKey: `roll-${++seq}`,
        date: noonOf(0),
        isRead: true,
        ...fields,
      })),
    )
    .returning({ id: emails.id });
  return inserted.map((r) => r.id);
}

type CountRow = {
  day: string;
  account_id: number;
  folder: string;
  type: string;
  handler_id: number;
  created_by: number;
  send_status: string;
  n: number;
};

/** The table as it stands, and the same figures counted from the emails themselves. */
async function expectRecount(): Promise<void> {
  const keys = 'day, account_id, folder, type, handler_id, created_by, send_status';
  const stored = await t.database.query<CountRow>(
    `SELECT day::text AS day, account_id, folder, type, handler_id, created_by, send_status, n
     FROM email_day_counts WHERE n <> 0 ORDER BY ${keys}`,
  );
  const counted = await t.database.query<CountRow>(
    `SELECT day::text AS day, account_id, folder, type, handler_id, created_by, send_status, count(*)::int AS n
     FROM (SELECT (date AT TIME ZONE 'UTC')::date AS day, account_id, folder, type,
             coalesce(handler_id, 0) AS handler_id, coalesce(created_by, 0) AS created_by, send_status
           FROM emails WHERE deleted_at IS NULL) e
     GROUP BY ${keys} ORDER BY ${keys}`,
  );
  expect(stored.rows).toEqual(counted.rows);
}

beforeAll(async () => {
  t = await createTestApp();
  editor = await t.userToken(['editor'], 'roll_editor');
  const [e] = await t.database.db.select().from(users).where(eq(users.username, 'roll_editor'));
  editorId = e!.id;
  const account = async (address: string) =>
    ok<{ id: number }>(
      await post('/api/email/update_email_account/', {
        address,
        name: 'S',
        imap_host: 'h',
        imap_user: 'u',
        imap_password: 'p',
      }),
    ).id;
  accountId = await account('sales@roll.test');
  otherAccountId = await account('info@roll.test');
  await t.database.db.insert(emailAccountUsers).values({ accountId, userId: editorId });
});

describe('email counts per day', () => {
  it('counts new mail, one email or many in one statement', async () => {
    const before = mailOf(await charts())!.received;
    await mail([{}]);
    await mail([{}, {}, { date: noonOf(-1) }]);
    expect(mailOf(await charts())!.received).toBe(before + 3);
    expect(mailOf(await charts(), dayOffset(-1))!.received).toBe(1);
    await expectRecount();
  });

  it('takes trashed mail out, puts restored mail back, and forgets mail deleted forever', async () => {
    const [a, b] = await mail([{}, {}]);
    const received = async () => mailOf(await charts())!.received;
    const start = await received();
    ok(await post('/api/email/trash/', { ids: [a, b] }));
    expect(await received()).toBe(start - 2);
    await expectRecount();
    ok(await post('/api/email/restore/', { ids: [a] }));
    expect(await received()).toBe(start - 1);
    await expectRecount();
    ok(await post('/api/email/delete/', { ids: [b] }));
    expect(await received()).toBe(start - 1);
    await expectRecount();
  });

  it('moves mail to its new handler, type, day and account', async () => {
    const [a = 0, b = 0] = await mail([{}, {}]);
    const mine = async () => mailOf(await charts({ owner_id: editorId }))!.received;
    const start = await mine();
    ok(await post('/api/email/update_handler/', { ids: [a, b], handler_id: editorId }));
    expect(await mine()).toBe(start + 2);
    await expectRecount();

    const inquiries = inquiriesOf(await charts())!;
    const card = (await summary()).inquiries!.count;
    ok(await post('/api/email/change_type/', { ids: [a], type: 'inquiry' }));
    expect(inquiriesOf(await charts())).toBe(inquiries + 1);
    expect(inquiriesOf(await charts({ owner_id: editorId }))).toBe(1);
    expect((await summary()).inquiries!.count).toBe(card + 1);
    expect((await summary({ owner_id: editorId })).unhandled_inquiries).toBe(1);
    await expectRecount();

    // A date corrected (another day) and mail moved to another account: counted where it now is.
    const yesterday = mailOf(await charts(), dayOffset(-1))!.received;
    await t.database.db
      .update(emails)
      .set({ date: noonOf(-1) })
      .where(eq(emails.id, b));
    expect(mailOf(await charts(), dayOffset(-1))!.received).toBe(yesterday + 1);
    await t.database.db.update(emails).set({ accountId: otherAccountId }).where(eq(emails.id, a));
    await expectRecount();
    expect(inquiriesOf(await charts())).toBe(inquiries + 1);
  });

  it('counts sent and failed mail by its author, and follows a retried send', async () => {
    const out = { folder: 'outbox', direction: 'out', createdBy: editorId } as const;
    const sent = async () => mailOf(await charts({ owner_id: editorId }))!.sent;
    const failed = async () => (await summary({ owner_id: editorId })).todo.failed_sends;
    const [s0, f0] = [await sent(), await failed()];
    const [, , broken] = await mail([
      { ...out, sendStatus: 'sent' },
      { ...out, sendStatus: 'queued' },
      { ...out, sendStatus: 'failed' },
    ]);
    expect([await sent(), await failed()]).toEqual([s0 + 1, (f0 ?? 0) + 1]);
    await t.database.db.update(emails).set({ sendStatus: 'sent' }).where(eq(emails.id, broken!));
    expect([await sent(), await failed()]).toEqual([s0 + 2, f0]);
    await expectRecount();
  });

  it('forgets removed rows and a removed handler', async () => {
    const [gone, kept] = await mail([{}, { handlerId: editorId }]);
    const received = async () => mailOf(await charts())!.received;
    const start = await received();
    await t.database.db.delete(emails).where(inArray(emails.id, [gone!]));
    expect(await received()).toBe(start - 1);
    await expectRecount();
    // A user removed: her mail keeps counting, without a handler (ON DELETE SET NULL is an update).
    const [temp] = await t.database.db
      .insert(users)
      .values({ username: 'roll_temp', name: 'Temp', passwordHash: 'x', roles: ['editor'] })
      .returning({ id: users.id });
    await t.database.db.update(emails).set({ handlerId: temp!.id }).where(eq(emails.id, kept!));
    await t.database.db.delete(users).where(eq(users.id, temp!.id));
    expect(await received()).toBe(start - 1);
    await expectRecount();
  });

  it('shows an editor no mail figure her lists do not show, whatever the counts hold', async () => {
    await mail([{ handlerId: editorId }, { type: 'inquiry', handlerId: editorId }]);
    const c = await charts({}, editor);
    expect([c.emails, c.inquiries, c.funnel]).toEqual([null, null, null]);
    const s = await summary({}, editor);
    expect([s.inquiries, s.unhandled_inquiries, s.todo.failed_sends, s.todo.waiting_inquiries]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    // Her own figures, as an admin sees them for her, count only mail she handles or wrote.
    const all = await charts();
    const hers = await charts({ owner_id: editorId });
    expect(mailOf(hers)!.received).toBeLessThan(mailOf(all)!.received);
    const handled = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM emails WHERE handler_id = $1 AND folder = 'inbox' AND deleted_at IS NULL
         AND date >= $2::date AND date < $2::date + 1`,
      [editorId, today],
    );
    expect(mailOf(hers)!.received).toBe(handled.rows[0]!.n);
    await expectRecount();
  });
});

/** The order day tables as they stand, and the same figures counted from the orders and their lines. */
async function expectOrderRecount(): Promise<void> {
  const totals = (from: string) =>
    t.database.query(
      `SELECT day::text AS day, owner_id, currency, n::int AS n, total::text AS total FROM ${from}
       ORDER BY day, owner_id, currency`,
    );
  const stored = await totals('order_day_totals');
  const counted = await totals(
    `(SELECT (created_at AT TIME ZONE 'UTC')::date AS day, coalesce(owner_id, 0) AS owner_id, currency,
        count(*) AS n, sum(total) AS total FROM orders GROUP BY 1, 2, 3) o`,
  );
  expect(stored.rows).toEqual(counted.rows);
  const lines = await t.database.query(
    `SELECT day::text AS day, owner_id, currency, k, label, n, amount::text AS amount FROM order_day_lines
     ORDER BY day, owner_id, currency, k`,
  );
  const recounted = await t.database.query(
    `SELECT day::text AS day, owner_id, currency, k,
       (array_agg(label ORDER BY amount DESC, label COLLATE "C"))[1] AS label,
       count(DISTINCT order_id)::int AS n, sum(amount)::text AS amount
     FROM (SELECT (o.created_at AT TIME ZONE 'UTC')::date AS day, coalesce(o.owner_id, 0) AS owner_id,
             o.currency, o.id AS order_id, (i->>'amount')::numeric AS amount,
             coalesce(nullif(i->>'model', ''), i->>'description') AS label,
             CASE WHEN i->>'product_id' IS NOT NULL THEN 'p' || (i->>'product_id')
                  WHEN nullif(i->>'model', '') IS NOT NULL THEN 'm' || lower(i->>'model')
                  WHEN octet_length(i->>'description') > 1000
                    THEN 'd' || left(lower(i->>'description'), 200) || md5(lower(i->>'description'))
                  ELSE 'd' || lower(i->>'description') END AS k
           FROM orders o JOIN document_versions v ON v.kind = 'order' AND v.document_id = o.id AND v.version = o.version,
             jsonb_array_elements(v.content->'items') i) l
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  );
  expect(lines.rows).toEqual(recounted.rows);
}

describe('order figures per day', () => {
  const line = (description: string, unit_price: string, quantity = '1') => ({
    description,
    model: '',
    unit: 'pcs',
    quantity,
    unit_price,
  });
  const value = async (query: Record<string, string | number> = {}) =>
    (await charts(query)).order_value?.filter((m) => m.month === today.slice(0, 7)) ?? [];
  const products = async (query: Record<string, string | number> = {}) =>
    (await charts(query)).top_products?.find((g) => g.currency === 'GBP')?.items ?? [];

  it('follow orders made, edited, moved to another day or salesperson, and deleted', async () => {
    const customer = ok<{ id: number }>(await post('/api/customer/create/', { company_name: 'Roll Co' })).id;
    const make = async (items: ReturnType<typeof line>[]) =>
      ok<{ id: number; version: number }>(
        await post('/api/order/create/', { customer_id: customer, items, currency: 'GBP' }),
      );
    const first = await make([line('Bowl', '10', '2'), line('bowl', '5')]);
    const second = await make([line('Plate', '3')]);
    expect(await value()).toEqual([{ month: today.slice(0, 7), currency: 'GBP', count: 2, amount: '28.00' }]);
    // "Bowl" and "bowl" are one line text, labelled by the larger line.
    expect(await products()).toEqual([
      { product_id: null, name: 'Bowl', count: 1, amount: '25.00' },
      { product_id: null, name: 'Plate', count: 1, amount: '3.00' },
    ]);
    await expectOrderRecount();

    // A new version replaces the lines and the total.
    ok(await post('/api/order/update/', { id: second.id, version: 1, items: [line('Bowl', '1', '40')] }));
    expect(await value()).toEqual([{ month: today.slice(0, 7), currency: 'GBP', count: 2, amount: '65.00' }]);
    expect(await products()).toEqual([{ product_id: null, name: 'Bowl', count: 2, amount: '65.00' }]);
    await expectOrderRecount();

    // Given to the editor, then made 40 days earlier (outside the period): gone from both views.
    await t.database.db.update(orders).set({ ownerId: editorId }).where(eq(orders.id, first.id));
    expect((await value({ owner_id: editorId }))[0]?.amount).toBe('25.00');
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 40 * DAY) })
      .where(eq(orders.id, first.id));
    expect(await value({ owner_id: editorId })).toEqual([]);
    expect(await value()).toEqual([{ month: today.slice(0, 7), currency: 'GBP', count: 1, amount: '40.00' }]);
    await expectOrderRecount();

    // A payment or a status leaves the figures alone; a deleted order leaves them.
    ok(await post('/api/order/add_payment/', { order_id: second.id, date: today, amount: '10' }));
    ok(await post('/api/order/set_status/', { id: second.id, status: 'done' }));
    expect((await value())[0]?.amount).toBe('40.00');
    ok(await post('/api/order/delete/', { ids: [second.id] }));
    expect(await value()).toEqual([]);
    expect(await products()).toEqual([]);
    await expectOrderRecount();
  });

  it('keep a line of the longest text an order allows (2,000 characters of Chinese)', async () => {
    const customer = ok<{ id: number }>(await post('/api/customer/create/', { company_name: 'Long Co' })).id;
    const long = '长'.repeat(2000);
    const made = ok<{ id: number }>(
      await post('/api/order/create/', { customer_id: customer, items: [line(long, '7')], currency: 'GBP' }),
    );
    expect(await products()).toEqual([{ product_id: null, name: long, count: 1, amount: '7.00' }]);
    await expectOrderRecount();
    ok(await post('/api/order/delete/', { ids: [made.id] }));
    expect(await products()).toEqual([]);
    await expectOrderRecount();
  });
});
