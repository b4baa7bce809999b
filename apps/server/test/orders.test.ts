import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { emails, invoices, packingLists } from '../src/db/schema';
import { call, createTestApp, type TestApp } from './helpers';

/** Orders: from a won quotation or from scratch, payments and balance, status trail, list totals, access. */
let t: TestApp;
let editor: string;
let customerId: number;
let otherCustomerId: number;
let inquiryId: number;
const year = new Date().getUTCFullYear();

/** `''` calls without a token. */
const post = (url: string, body: object, token = t.adminToken) =>
  call(t.app, 'POST', url, { token: token || undefined, body });
const get = (url: string, query: Record<string, string | number> = {}, token = t.adminToken) =>
  call(t.app, 'GET', url, { token: token || undefined, query });
const ok = <T = Record<string, unknown>>(res: { status: number; body: { data?: unknown } }): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as T;
};

const lines = [
  {
    description: '不锈钢厨房刀具 Kitchen knife',
    model: 'KN-8',
    quantity: '3',
    unit: 'pcs',
    unit_price: '0.3333',
  },
  { description: 'Cutting board', model: 'CB-1', quantity: '1000', unit: 'pcs', unit_price: '1.005' },
  { description: 'Apron', model: 'AP-2', quantity: '12.5', unit: 'pcs', unit_price: '7.1' },
];
type AnyOrder = {
  id: number;
  number: string;
  version: number;
  total: string;
  subtotal: string;
  paid: string;
  balance: string;
  status: string;
  items: { amount: string; unit_price: string; quantity: string }[];
  [k: string]: unknown;
};
const createOrder = async (body: object = {}) =>
  ok<AnyOrder>(await post('/api/order/create/', { customer_id: customerId, items: lines, ...body }));

/** The text of a PDF as pdftotext reads it (what a buyer's search or copy finds). */
const pdfText = async (bytes: Buffer): Promise<string> => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'order-pdf-')), 'order.pdf');
  writeFileSync(file, bytes);
  return new Promise((resolve, reject) =>
    execFile('pdftotext', ['-layout', file, '-'], (err, out) => (err ? reject(err) : resolve(out))),
  );
};

beforeAll(async () => {
  t = await createTestApp();
  editor = await t.userToken(['editor'], 'lily');
  customerId = ok<{ id: number }>(
    await post('/api/customer/create/', { company_name: 'Acme Imports', email: 'buyer@acme.test' }),
  ).id;
  otherCustomerId = ok<{ id: number }>(await post('/api/customer/create/', { company_name: 'Brio GmbH' })).id;
  const account = ok<{ id: number }>(
    await post('/api/email/update_email_account/', {
      address: 'sales@example.test',
      name: 'Sales',
      imap_host: 'h',
      imap_user: 'u',
      imap_password: 'p',
    }),
  );
  const [row] = await t.database.db
    .insert(emails)
    .values({
      accountId: account.id,
      dedupeKey: 'mid:order-rfq@x.test',
      subject: 'RFQ knives',
      type: 'inquiry',
      fromAddress: 'buyer@acme.test',
      customerId,
      date: new Date(),
    })
    .returning({ id: emails.id });
  inquiryId = row!.id;
});

describe('orders', () => {
  it('makes an order from a quotation with the same lines and total; the quotation is accepted, the inquiry won', async () => {
    const q = ok<AnyOrder & { inquiry_email_id: number }>(
      await post('/api/quotation/create/', {
        customer_id: customerId,
        inquiry_email_id: inquiryId,
        items: lines,
        discount: '10.005',
        shipping_cost: '250',
        trade_term: 'FOB',
        payment_terms: '30% T/T deposit',
      }),
    );
    // A second version, so the order has to record which one it came from.
    const q2 = ok<AnyOrder>(await post('/api/quotation/update/', { id: q.id, version: 1, remark: 'v2' }));
    expect(q2.version).toBe(2);
    const o = ok<AnyOrder>(await post('/api/order/create_from_quotation/', { quotation_id: q.id }));
    expect(o.number).toMatch(new RegExp(`^SO-${year}-\\d{4}$`));
    expect(o.total).toBe('1334.75');
    expect(o.total).toBe(q2.total);
    expect(o.subtotal).toBe(q2.subtotal);
    expect(o.items).toEqual(q2.items);
    expect(o.discount).toBe('10.005');
    expect(o.payment_terms).toBe('30% T/T deposit');
    expect(o).toMatchObject({ quotation_id: q.id, quotation_number: q.number, quotation_version: 2 });
    expect(o.balance).toBe('1334.75');
    expect(o.status).toBe('in_progress');
    expect((o.status_changes as unknown[]).length).toBe(1);
    const after = ok<{ status: string; version: number }>(await get('/api/quotation/detail/', { id: q.id }));
    expect(after.status).toBe('accepted');
    expect(after.version).toBe(2);
    const inquiries = ok<{ items: { email_id: number }[] }>(
      await get('/api/inquiry/list/', { state: 'won' }),
    );
    expect(inquiries.items.map((i) => i.email_id)).toEqual([inquiryId]);
    // One quotation, one order: the second click is refused and leaves nothing behind.
    const again = await post('/api/order/create_from_quotation/', { quotation_id: q.id });
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain(o.number);
    const listed = ok<{ total: number }>(await get('/api/order/list/', { quotation_id: q.id }));
    expect(listed.total).toBe(1);
    const missing = await post('/api/order/create_from_quotation/', { quotation_id: 999999 });
    expect(missing.status).toBe(400);
    expect(missing.body.details[0].field).toBe('quotation_id');
  });

  it('makes one order when Make order is clicked twice at once', async () => {
    const q = ok<AnyOrder>(await post('/api/quotation/create/', { customer_id: customerId, items: lines }));
    const both = await Promise.all([
      post('/api/order/create_from_quotation/', { quotation_id: q.id }),
      post('/api/order/create_from_quotation/', { quotation_id: q.id }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const listed = ok<{ total: number }>(await get('/api/order/list/', { quotation_id: q.id }));
    expect(listed.total).toBe(1);
  });

  it('numbers parallel creates without a duplicate or a gap', async () => {
    const made = await Promise.all(Array.from({ length: 12 }, () => createOrder()));
    const numbers = made.map((o) => Number(o.number.slice(-4))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(12);
    expect(numbers[11]! - numbers[0]!).toBe(11);
    expect(made.every((o) => o.total === '1094.75')).toBe(true);
  });

  it('records payments, keeps paid and the balance exact, and removes a payment', async () => {
    const o = await createOrder({ currency: 'EUR' });
    expect(o.total).toBe('1094.75');
    const p1 = ok<AnyOrder>(
      await post('/api/order/add_payment/', {
        order_id: o.id,
        date: '2026-03-01',
        amount: '328.43',
        remark: '30%',
      }),
    );
    expect(p1.paid).toBe('328.43');
    expect(p1.balance).toBe('766.32');
    const parallel = await Promise.all(
      ['0.1', '0.2', '0.3'].map((amount) =>
        post('/api/order/add_payment/', { order_id: o.id, date: '2026-03-02', amount }),
      ),
    );
    expect(parallel.map((r) => r.status)).toEqual([200, 200, 200]);
    const now = ok<AnyOrder & { payments: { id: number; amount: string; created_by_name: string }[] }>(
      await get('/api/order/detail/', { id: o.id }),
    );
    expect(now.paid).toBe('329.03');
    expect(now.balance).toBe('765.72');
    expect(now.payments[0]!.amount).toBe('328.43');
    // The three parallel ones land in any order.
    expect(now.payments.map((p) => p.amount).sort()).toEqual(['0.10', '0.20', '0.30', '328.43']);
    expect(now.payments[0]!.created_by_name).toBeTruthy();
    const removed = ok<AnyOrder>(
      await post('/api/order/delete_payment/', { order_id: o.id, payment_id: now.payments[0]!.id }),
    );
    expect(removed.paid).toBe('0.60');
    expect(removed.balance).toBe('1094.15');
    const tooPrecise = await post('/api/order/add_payment/', {
      order_id: o.id,
      date: '2026-03-02',
      amount: '1.005',
    });
    expect(tooPrecise.status).toBe(400);
    expect(tooPrecise.body.details[0].field).toBe('amount');
    const overpaid = ok<AnyOrder>(
      await post('/api/order/add_payment/', { order_id: o.id, date: '2026-03-03', amount: '1100' }),
    );
    expect(overpaid.balance).toBe('-5.85');
    const gone = await post('/api/order/delete_payment/', {
      order_id: o.id,
      payment_id: now.payments[0]!.id,
    });
    expect(gone.status).toBe(404);
  });

  it('keeps the status trail with who and when', async () => {
    const o = await createOrder();
    ok(await post('/api/order/set_status/', { id: o.id, status: 'done' }));
    ok(await post('/api/order/set_status/', { id: o.id, status: 'done' }));
    const back = ok<
      AnyOrder & { status_changes: { status: string; changed_by_name: string; changed_at: string }[] }
    >(await post('/api/order/set_status/', { id: o.id, status: 'in_progress' }));
    expect(back.status).toBe('in_progress');
    expect(back.status_changes.map((c) => c.status)).toEqual(['in_progress', 'done', 'in_progress']);
    expect(
      back.status_changes.every((c) => c.changed_by_name === 'admin' || c.changed_by_name.length > 0),
    ).toBe(true);
    expect(Date.parse(back.status_changes[2]!.changed_at)).toBeGreaterThanOrEqual(
      Date.parse(back.status_changes[0]!.changed_at),
    );
    expect(back.version).toBe(1);
    const missing = await post('/api/order/set_status/', { id: 999999, status: 'done' });
    expect(missing.status).toBe(404);
  });

  it('appends a version on each save, with history, diff and the PDF of an earlier version', async () => {
    const o = await createOrder({ name: 'Spring lot' });
    const v2 = ok<AnyOrder>(
      await post('/api/order/update/', {
        id: o.id,
        version: 1,
        items: [{ ...lines[1], unit_price: '0.995' }, lines[2]],
        delivery_date: '2026-06-30',
      }),
    );
    expect(v2.version).toBe(2);
    expect(v2.total).toBe('1083.75');
    expect(v2.number).toBe(o.number);
    const stale = await post('/api/order/update/', { id: o.id, version: 1, remark: 'late' });
    expect(stale.status).toBe(409);
    const history = ok<{ version: number; summary: string }[]>(
      await get('/api/order/history/', { id: o.id }),
    );
    expect(history.map((h) => h.version)).toEqual([2, 1]);
    expect(history[0]!.summary).toContain('1 price changed');
    const diff = ok<{ diff: { lines: { kind: string }[] } }>(
      await get('/api/order/diff/', { id: o.id, from: 1, to: 2 }),
    );
    expect(diff.diff.lines.map((l) => l.kind).sort()).toEqual(['changed', 'removed']);
    const v1 = ok<AnyOrder>(await get('/api/order/detail/', { id: o.id, version: 1 }));
    expect(v1.total).toBe('1094.75');
    const pdf = await get('/api/order/pdf/', { id: o.id, version: 1 });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toContain(`${o.number}-v1.pdf`);
    const v1Text = await pdfText(pdf.raw.rawPayload);
    expect(v1Text).toContain('SALES CONFIRMATION');
    expect(v1Text).toContain(o.number);
    expect(v1Text).toContain('$1,094.75');
    expect(v1Text).toContain('不锈钢厨房刀具');
    const current = await pdfText((await get('/api/order/pdf/', { id: o.id, lang: 'zh' })).raw.rawPayload);
    expect(current).toContain('销售确认书');
    expect(current).toContain('$1,083.75');
    expect(current).not.toContain('不锈钢厨房刀具');
  });

  it('filters the list and totals the filtered list per currency', async () => {
    const usd = await createOrder({ customer_id: otherCustomerId, currency: 'USD', items: [lines[0]!] });
    const jpy = await createOrder({
      customer_id: otherCustomerId,
      currency: 'JPY',
      items: [{ description: 'Bulk', model: 'ZZ-9', quantity: '3', unit_price: '0.5' }],
    });
    ok(await post('/api/order/add_payment/', { order_id: usd.id, date: '2026-01-02', amount: '0.4' }));
    ok(await post('/api/order/set_status/', { id: jpy.id, status: 'done' }));
    type Answer = {
      total: number;
      items: { id: number; customer_name: string; balance: string }[];
      totals: { currency: string; count: number; total: string; paid: string; balance: string }[];
    };
    const both = ok<Answer>(await get('/api/order/list/', { customer_id: otherCustomerId, page_size: 1 }));
    expect(both.total).toBe(2);
    expect(both.items).toHaveLength(1);
    expect(both.totals).toEqual([
      { currency: 'JPY', count: 1, total: '2', paid: '0', balance: '2' },
      { currency: 'USD', count: 1, total: '1.00', paid: '0.40', balance: '0.60' },
    ]);
    const done = ok<Answer>(await get('/api/order/list/', { customer_id: otherCustomerId, status: 'done' }));
    expect(done.items.map((i) => i.id)).toEqual([jpy.id]);
    const search = ok<Answer>(await get('/api/order/list/', { q: 'zz-9' }));
    expect(search.items.map((i) => i.id)).toEqual([jpy.id]);
    expect(search.items[0]!.customer_name).toBe('Brio GmbH');
    const byCurrency = ok<Answer>(await get('/api/order/list/', { currency: 'JPY,EUR' }));
    expect(byCurrency.totals.map((x) => x.currency)).toEqual(['EUR', 'JPY']);
    const today = new Date().toISOString().slice(0, 10);
    const future = ok<Answer>(await get('/api/order/list/', { date_from: '2999-01-01' }));
    expect(future.total).toBe(0);
    expect(future.totals).toEqual([]);
    const upToToday = ok<Answer>(
      await get('/api/order/list/', { date_to: today, customer_id: otherCustomerId }),
    );
    expect(upToToday.total).toBe(2);
    const admins = ok<Answer>(await get('/api/order/list/', { owner_id: 1, customer_id: otherCustomerId }));
    expect(admins.total).toBe(2);
    const everything = ok<Answer>(await get('/api/order/list/', { page_size: 100 }));
    const sum = everything.totals.reduce((n, x) => n + x.count, 0);
    expect(sum).toBe(everything.total);
    const xlsx = await get('/api/order/export/', { customer_id: otherCustomerId });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.raw.rawPayload as unknown as ExcelJS.Buffer);
    const values = book.worksheets[0]!.getSheetValues().flat().map(String);
    expect(values).toContain(usd.number);
    expect(values).toContain(jpy.number);
    expect(values).toContain('0.60');
  });

  it('shows the invoices and packing lists made from an order, and refuses to delete it then', async () => {
    const o = await createOrder();
    const [invoice] = await t.database.db
      .insert(invoices)
      .values({
        number: `PI-${year}-9001`,
        kind: 'proforma',
        orderId: o.id,
        customerId,
        currency: 'USD',
        total: o.total,
        issueDate: '2026-01-05',
      })
      .returning({ id: invoices.id });
    await t.database.db
      .insert(packingLists)
      .values({ number: `PL-${year}-9001`, orderId: o.id, customerId, invoiceId: invoice!.id });
    const detail = ok<
      AnyOrder & { invoices: { number: string; kind: string }[]; packing_lists: { number: string }[] }
    >(await get('/api/order/detail/', { id: o.id }));
    expect(detail.invoices).toMatchObject([{ id: invoice!.id, number: `PI-${year}-9001`, kind: 'proforma' }]);
    expect(detail.packing_lists).toMatchObject([{ number: `PL-${year}-9001`, kind: null }]);
    const refused = await post('/api/order/delete/', { ids: [o.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain(o.number);
    const free = await createOrder();
    expect(ok<{ count: number }>(await post('/api/order/delete/', { ids: [free.id] })).count).toBe(1);
    expect((await get('/api/order/detail/', { id: free.id })).status).toBe(404);
    expect((await get('/api/order/history/', { id: free.id })).status).toBe(404);
  });

  it('is admin-only: an editor is refused, no token asks to log in', async () => {
    const o = await createOrder();
    for (const token of [editor, '']) {
      const calls = [
        await get('/api/order/list/', {}, token),
        await get('/api/order/detail/', { id: o.id }, token),
        await post('/api/order/create/', { customer_id: customerId, items: lines }, token),
        await post('/api/order/add_payment/', { order_id: o.id, date: '2026-01-01', amount: '1' }, token),
        await post('/api/order/set_status/', { id: o.id, status: 'done' }, token),
        await post('/api/order/delete/', { ids: [o.id] }, token),
        await get('/api/order/pdf/', { id: o.id }, token),
      ];
      for (const res of calls) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe(token ? 'FORBIDDEN' : 'AUTH_REQUIRED');
      }
    }
    const still = ok<AnyOrder>(await get('/api/order/detail/', { id: o.id }));
    expect(still.paid).toBe('0.00');
    expect(still.status).toBe('in_progress');
  });

  it('answers bad input with 400 naming the field', async () => {
    const cases: [string, object, string][] = [
      ['/api/order/create/', { customer_id: customerId, items: [] }, 'items'],
      [
        '/api/order/create/',
        { customer_id: customerId, items: [{ ...lines[0], quantity: '1e3' }] },
        'items.0.quantity',
      ],
      ['/api/order/create/', { customer_id: customerId, items: lines, currency: 'XXX' }, 'currency'],
      [
        '/api/order/create/',
        { customer_id: customerId, items: lines, delivery_date: '2026-02-30' },
        'delivery_date',
      ],
      ['/api/order/create/', { customer_id: 999999, items: lines }, 'customer_id'],
      ['/api/order/create/', { customer_id: customerId, items: lines, discount: '999999' }, 'discount'],
      ['/api/order/add_payment/', { order_id: 1, date: '2026-01-01', amount: '-1' }, 'amount'],
      ['/api/order/add_payment/', { order_id: 1, date: '2026-01-01', amount: '0' }, 'amount'],
      ['/api/order/add_payment/', { order_id: 1, date: 'yesterday', amount: '1' }, 'date'],
      ['/api/order/add_payment/', { order_id: 999999, date: '2026-01-01', amount: '1' }, 'order_id'],
      ['/api/order/set_status/', { id: 1, status: 'shipped' }, 'status'],
      ['/api/order/update/', { id: 1, version: 0 }, 'version'],
    ];
    for (const [url, body, field] of cases) {
      const res = await post(url, body);
      expect(res.status, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(JSON.stringify(res.body.details), url).toContain(`"${field}"`);
    }
    const list = await get('/api/order/list/', { status: 'lost' });
    expect(list.status).toBe(400);
    expect(JSON.stringify(list.body.details)).toContain('status');
  });
});
