import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AnyBody, call, createTestApp, type TestApp, tempDir } from './helpers';

let t: TestApp;
let editor: string;
let customerId: number;
const year = new Date().getUTCFullYear();

const post = (url: string, body: object, token = t.adminToken) => call(t.app, 'POST', url, { token, body });
const get = (
  url: string,
  query: Record<string, string | number> = {},
  token: string | undefined = t.adminToken,
) => call(t.app, 'GET', url, { token, query });
// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in the assertions
const ok = (res: { status: number; body: AnyBody }): any => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
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
const BANK = {
  beneficiary: 'Harbourline Trading Co., Ltd.',
  bank_name: 'Bank of China, Ningbo Branch',
  bank_address: '139 Yaohang Street, Ningbo',
  account_number: '3512 0000 8899',
  swift: 'bkchcnbj92a',
  iban: '',
};

beforeAll(async () => {
  t = await createTestApp();
  editor = await t.userToken(['editor'], 'lily');
  customerId = ok(
    await post('/api/customer/create/', { company_name: 'Acme Imports', email: 'buyer@acme.test' }),
  ).id;
  ok(await post('/api/settings/company/', { name: 'Harbourline Trading Co., Ltd.', bank: BANK }));
});

const makeOrder = async (body: object = {}) =>
  ok(await post('/api/order/create/', { customer_id: customerId, items: lines, ...body }));
const issue = async (orderId: number, kind: 'proforma' | 'commercial', body: object = {}) =>
  ok(await post('/api/invoice/create_from_order/', { order_id: orderId, kind, ...body }));

const pdfText = async (bytes: Buffer): Promise<string> => {
  const file = `${tempDir()}/invoice.pdf`;
  await writeFile(file, bytes);
  const text = await new Promise<string>((resolve, reject) =>
    execFile('pdftotext', ['-layout', file, '-'], (err, out) => (err ? reject(err) : resolve(out))),
  );
  await rm(file);
  return text;
};

describe('company bank details', () => {
  it('are kept beside the letterhead; a save without them keeps them', async () => {
    const saved = ok(await get('/api/settings/company/'));
    expect(saved.bank).toEqual({ ...BANK, swift: 'BKCHCNBJ92A' });
    const again = ok(await post('/api/settings/company/', { name: 'Harbourline Trading Co., Ltd.' }));
    expect(again.bank.swift).toBe('BKCHCNBJ92A');
    const bad = await post('/api/settings/company/', { bank: { swift: 'BAD!' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('swift');
    const badIban = await post('/api/settings/company/', { bank: { iban: '12345' } });
    expect(badIban.status).toBe(400);
    expect(ok(await get('/api/settings/company/')).bank.beneficiary).toBe(BANK.beneficiary);
  });
});

describe('invoices from an order', () => {
  it('order → proforma → commercial keeps every figure exact, with the amount in words and a bank snapshot', async () => {
    const order = await makeOrder({
      discount: '10.005',
      shipping_cost: '250',
      currency: 'USD',
      payment_terms: 'T/T 30%',
    });
    // 1.00 + 1005.00 + 88.75 = 1094.75; − 10.005 + 250 = 1334.745 → 1334.75
    expect(order.total).toBe('1334.75');
    const pi = await issue(order.id, 'proforma', { issue_date: '2026-03-01', due_date: '2026-03-31' });
    expect(pi.number).toMatch(new RegExp(`^PI-${year}-\\d{4}$`));
    expect(pi.kind).toBe('proforma');
    expect(pi.order_id).toBe(order.id);
    expect(pi.order_number).toBe(order.number);
    expect(pi.customer_id).toBe(customerId);
    expect(pi.items.map((i: { amount: string }) => i.amount)).toEqual(['1.00', '1005.00', '88.75']);
    expect(pi.items.map((i: { unit_price: string }) => i.unit_price)).toEqual(['0.3333', '1.005', '7.1']);
    expect([pi.subtotal, pi.discount, pi.shipping_cost, pi.total]).toEqual([
      '1094.75',
      '10.005',
      '250',
      '1334.75',
    ]);
    expect(pi.amount_in_words).toBe(
      'SAY US DOLLARS ONE THOUSAND THREE HUNDRED THIRTY-FOUR AND CENTS SEVENTY-FIVE ONLY',
    );
    expect(pi.bank.swift).toBe('BKCHCNBJ92A');
    expect(pi.payment_terms).toBe('T/T 30%');
    expect([pi.issue_date, pi.due_date]).toEqual(['2026-03-01', '2026-03-31']);
    const ci = await issue(order.id, 'commercial');
    expect(ci.number).toMatch(new RegExp(`^CI-${year}-\\d{4}$`));
    expect(ci.issue_date).toBe(new Date().toISOString().slice(0, 10));
    expect(ci.total).toBe(order.total);
    expect(ci.items).toEqual(pi.items);
    const listed = ok(await get('/api/invoice/list/', { order_id: order.id, sort: 'number' }));
    expect(listed.total).toBe(2);
    expect(listed.items.map((i: { total: string }) => i.total)).toEqual(['1334.75', '1334.75']);
    // The order links both.
    const linked = ok(await get('/api/order/detail/', { id: order.id }));
    expect(linked.invoices.map((i: { number: string }) => i.number).sort()).toEqual(
      [ci.number, pi.number].sort(),
    );
    // A later change of the settings leaves the issued bank block as it was.
    ok(await post('/api/settings/company/', { bank: { ...BANK, account_number: '9999' } }));
    expect(ok(await get('/api/invoice/detail/', { id: pi.id })).bank.account_number).toBe(
      BANK.account_number,
    );
    ok(await post('/api/settings/company/', { bank: BANK }));
  });

  it('writes EUR and a currency without minor units in words', async () => {
    const eur = await issue(
      (
        await makeOrder({
          currency: 'EUR',
          items: [{ description: 'Valve', quantity: '1000000', unit_price: '1' }],
        })
      ).id,
      'proforma',
    );
    expect(eur.total).toBe('1000000.00');
    expect(eur.amount_in_words).toBe('SAY EUROS ONE MILLION ONLY');
    const half = await issue(
      (
        await makeOrder({
          currency: 'USD',
          items: [{ description: 'Pin', quantity: '1', unit_price: '0.5' }],
        })
      ).id,
      'commercial',
    );
    expect(half.amount_in_words).toBe('SAY US DOLLARS ZERO AND CENTS FIFTY ONLY');
    const jpy = await issue(
      (
        await makeOrder({
          currency: 'JPY',
          items: [{ description: 'Cup', quantity: '3', unit_price: '0.5' }],
        })
      ).id,
      'proforma',
    );
    expect(jpy.total).toBe('2');
    expect(jpy.amount_in_words).toBe('SAY JAPANESE YEN TWO ONLY');
  });

  it('numbers each kind in its own series, without gap or duplicate under concurrent creates', async () => {
    const order = await makeOrder();
    const made = await Promise.all(
      Array.from({ length: 16 }, (_, i) => issue(order.id, i % 2 ? 'commercial' : 'proforma')),
    );
    for (const prefix of ['PI', 'CI']) {
      const all = ok(
        await get('/api/invoice/list/', {
          page_size: 100,
          kind: prefix === 'PI' ? 'proforma' : 'commercial',
        }),
      );
      const numbers = all.items
        .map((i: { number: string }) => i.number)
        .filter((n: string) => n.startsWith(`${prefix}-${year}-`))
        .map((n: string) => Number(n.split('-')[2]))
        .sort((a: number, b: number) => a - b);
      expect(numbers).toEqual(numbers.map((_: number, i: number) => i + 1));
    }
    expect(new Set(made.map((m) => m.number)).size).toBe(16);
  });

  it('an edit appends a version; the issued content, its PDF and the diff stay', async () => {
    const order = await makeOrder();
    const pi = await issue(order.id, 'proforma');
    const items = pi.items.map(({ amount: _a, ...line }: { amount: string }) => line);
    items[1].unit_price = '0.995';
    const v2 = ok(
      await post('/api/invoice/update/', {
        id: pi.id,
        version: 1,
        items,
        remark: 'Price agreed on the phone',
      }),
    );
    expect(v2.version).toBe(2);
    // 1000 × 0.995 = 995.00; 1.00 + 995.00 + 88.75 = 1084.75
    expect(v2.total).toBe('1084.75');
    expect(v2.amount_in_words).toBe('SAY US DOLLARS ONE THOUSAND EIGHTY-FOUR AND CENTS SEVENTY-FIVE ONLY');
    expect(v2.number).toBe(pi.number);
    const v1 = ok(await get('/api/invoice/detail/', { id: pi.id, version: 1 }));
    expect(v1.total).toBe('1094.75');
    expect(v1.remark).toBe('');
    const stale = await post('/api/invoice/update/', { id: pi.id, version: 1, remark: 'late' });
    expect(stale.status).toBe(409);
    const history = ok(await get('/api/invoice/history/', { id: pi.id }));
    expect(history.map((h: { version: number }) => h.version)).toEqual([2, 1]);
    expect(history[0].summary).toContain('1 price changed');
    expect(history[0].changes.fields).toContain('remark');
    const diff = ok(await get('/api/invoice/diff/', { id: pi.id, from: 1, to: 2 }));
    expect(diff.diff.lines).toHaveLength(1);
    expect(diff.diff.lines[0].changes.map((c: { field: string }) => c.field)).toContain('unit_price');
    const bankEdit = ok(
      await post('/api/invoice/update/', { id: pi.id, version: 2, bank: { ...BANK, account_number: '777' } }),
    );
    expect(bankEdit.version).toBe(3);
    const bankDiff = ok(await get('/api/invoice/diff/', { id: pi.id, from: 2, to: 3 }));
    expect(bankDiff.diff.fields.map((f: { field: string }) => f.field)).toEqual(['bank_text']);
    const old = await get('/api/invoice/pdf/', { id: pi.id, version: 1 });
    expect(old.status).toBe(200);
    const oldText = await pdfText(old.raw.rawPayload);
    expect(oldText).toContain('$1,334.75'.replace('1,334.75', '1,094.75'));
    expect(oldText).not.toContain('1,084.75');
  });

  it('prints the number, lines, totals, amount in words and bank details in the PDF (English and Chinese)', async () => {
    const order = await makeOrder({ discount: '10.005', shipping_cost: '250' });
    const ci = await issue(order.id, 'commercial', { issue_date: '2026-04-02' });
    const res = await get('/api/invoice/pdf/', { id: ci.id, download: 'true' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(`${ci.number}-v1.pdf`);
    const text = await pdfText(res.raw.rawPayload);
    for (const expected of [
      'COMMERCIAL INVOICE',
      ci.number,
      order.number,
      '2026-04-02',
      'Kitchen knife',
      '不锈钢厨房刀具',
      '$1,005.00',
      '$1,094.75',
      '-$10.005',
      '$1,334.75',
      'SAY US DOLLARS ONE THOUSAND THREE HUNDRED THIRTY-FOUR AND CENTS SEVENTY-FIVE ONLY',
      'BKCHCNBJ92A',
      '3512 0000 8899',
      'Harbourline Trading Co., Ltd.',
    ]) {
      expect(text.replace(/\s+/g, ' '), expected).toContain(expected);
    }
    const zh = await pdfText((await get('/api/invoice/pdf/', { id: ci.id, lang: 'zh' })).raw.rawPayload);
    expect(zh).toContain('商业发票');
    expect(zh).toContain('开户行');
    const pi = await issue(order.id, 'proforma');
    expect(await pdfText((await get('/api/invoice/pdf/', { id: pi.id })).raw.rawPayload)).toContain(
      'PROFORMA INVOICE',
    );
  });

  it('answers one invoice and the filtered list as .xlsx with exact figures as text', async () => {
    const order = await makeOrder({ currency: 'EUR' });
    const pi = await issue(order.id, 'proforma');
    const one = await get('/api/invoice/xlsx/', { id: pi.id });
    expect(one.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(one.raw.rawPayload as unknown as ArrayBuffer);
    const values = book.worksheets[0]!.getSheetValues().flat().map(String);
    expect(values).toContain('1094.75');
    expect(values).toContain('0.3333');
    expect(values.some((v) => v.startsWith('SAY EUROS ONE THOUSAND NINETY-FOUR'))).toBe(true);
    const list = await get('/api/invoice/export/', { order_id: order.id });
    expect(list.status).toBe(200);
    const listBook = new ExcelJS.Workbook();
    await listBook.xlsx.load(list.raw.rawPayload as unknown as ArrayBuffer);
    expect(listBook.worksheets[0]!.rowCount).toBe(2);
    expect(listBook.worksheets[0]!.getRow(2).getCell(1).value).toBe(pi.number);
  });

  it('filters the list by search, kind, customer, currency and issue dates', async () => {
    const other = ok(await post('/api/customer/create/', { company_name: 'Filter Test GmbH' })).id;
    const order = await makeOrder({ customer_id: other, currency: 'GBP' });
    const a = await issue(order.id, 'proforma', { issue_date: '2025-01-10' });
    const b = await issue(order.id, 'commercial', { issue_date: '2025-02-10' });
    const ids = async (query: Record<string, string | number>) =>
      ok(await get('/api/invoice/list/', { page_size: 100, ...query })).items.map(
        (i: { id: number }) => i.id,
      );
    expect((await ids({ customer_id: other })).sort()).toEqual([a.id, b.id].sort());
    expect(await ids({ customer_id: other, kind: 'commercial' })).toEqual([b.id]);
    expect((await ids({ currency: 'GBP' })).sort()).toEqual([a.id, b.id].sort());
    expect(await ids({ date_from: '2025-02-01', date_to: '2025-02-28' })).toEqual([b.id]);
    expect(await ids({ q: 'filter test' })).toHaveLength(2);
    expect(await ids({ q: a.number.toLowerCase() })).toEqual([a.id]);
  });

  it('answers bad input with 400 naming the field, and unknown records with 400/404', async () => {
    const order = await makeOrder();
    const cases: [string, object, string][] = [
      ['/api/invoice/create_from_order/', { order_id: order.id, kind: 'credit' }, 'kind'],
      ['/api/invoice/create_from_order/', { order_id: 'x', kind: 'proforma' }, 'order_id'],
      [
        '/api/invoice/create_from_order/',
        { order_id: order.id, kind: 'proforma', issue_date: '2026-02-30' },
        'issue_date',
      ],
      ['/api/invoice/create_from_order/', { order_id: 999999, kind: 'proforma' }, 'order_id'],
    ];
    for (const [url, body, field] of cases) {
      const res = await post(url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body), field).toContain(field);
    }
    const pi = await issue(order.id, 'proforma');
    for (const [body, field] of [
      [{ items: [] }, 'items'],
      [{ items: [{ description: 'x', quantity: '-1', unit_price: '1' }] }, 'quantity'],
      [{ discount: '1e3' }, 'discount'],
      [{ discount: '999999' }, 'discount'],
      [{ due_date: '31/12/2026' }, 'due_date'],
      [{ bank: { swift: 'x' } }, 'swift'],
    ] as [object, string][]) {
      const res = await post('/api/invoice/update/', { id: pi.id, version: 1, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body), field).toContain(field);
    }
    expect((await get('/api/invoice/detail/', { id: 999999 })).status).toBe(404);
    expect((await get('/api/invoice/detail/', { id: pi.id, version: 9 })).status).toBe(404);
    expect((await get('/api/invoice/detail/', { id: 'abc' })).status).toBe(400);
    expect((await get('/api/invoice/list/', { kind: 'credit' })).status).toBe(400);
    expect((await get('/api/invoice/list/', { date_from: '2026-13-01' })).status).toBe(400);
  });

  it('lets only admins in: editors are refused every call, so is a call without a token; admins delete', async () => {
    const order = await makeOrder();
    const pi = await issue(order.id, 'proforma');
    const calls: [string, string, object][] = [
      ['GET', '/api/invoice/list/', {}],
      ['GET', '/api/invoice/detail/', { id: pi.id }],
      ['GET', '/api/invoice/history/', { id: pi.id }],
      ['GET', '/api/invoice/diff/', { id: pi.id, from: 1, to: 1 }],
      ['GET', '/api/invoice/pdf/', { id: pi.id }],
      ['GET', '/api/invoice/xlsx/', { id: pi.id }],
      ['GET', '/api/invoice/export/', {}],
      ['POST', '/api/invoice/create_from_order/', { order_id: order.id, kind: 'proforma' }],
      ['POST', '/api/invoice/update/', { id: pi.id, version: 1, remark: 'x' }],
      ['POST', '/api/invoice/delete/', { ids: [pi.id] }],
    ];
    for (const [method, url, args] of calls) {
      const as = (token: string | undefined) =>
        call(t.app, method as 'GET' | 'POST', url, {
          token,
          ...(method === 'GET' ? { query: args as Record<string, string | number> } : { body: args }),
        });
      expect((await as(editor)).status, `${url} editor`).toBe(403);
      const anonymous = await as(undefined);
      expect(anonymous.status, `${url} anonymous`).toBe(403);
      expect(anonymous.body.code).toBe('AUTH_REQUIRED');
    }
    expect(ok(await get('/api/invoice/detail/', { id: pi.id })).version).toBe(1);
    expect(ok(await post('/api/invoice/delete/', { ids: [pi.id] })).count).toBe(1);
    expect((await get('/api/invoice/detail/', { id: pi.id })).status).toBe(404);
    expect((await get('/api/invoice/history/', { id: pi.id })).status).toBe(404);
  });
});
