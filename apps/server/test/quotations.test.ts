import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp, tempDir } from './helpers';
import { multipartFile } from './multipart';

let t: TestApp;
let editor: string;
let otherEditor: string;
let customerId: number;
beforeAll(async () => {
  t = await createTestApp();
  editor = await t.userToken(['editor'], 'lily');
  otherEditor = await t.userToken(['editor'], 'tom');
  const res = await post('/api/customer/create/', { company_name: 'Acme Imports', email: 'buyer@acme.test' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  customerId = res.body.data.id;
});

const post = (url: string, body: object, token = t.adminToken) => call(t.app, 'POST', url, { token, body });
const get = (url: string, query: Record<string, string | number> = {}, token = t.adminToken) =>
  call(t.app, 'GET', url, { token, query });

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
const create = async (body: object = {}, token = t.adminToken) => {
  const res = await post('/api/quotation/create/', { customer_id: customerId, items: lines, ...body }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe('quotations', () => {
  it('creates version 1 with a number of the series and exact amounts and totals', async () => {
    const q = await create({ discount: '10.005', shipping_cost: '250', trade_term: 'FOB', currency: 'USD' });
    expect(q.version).toBe(1);
    expect(q.number).toMatch(new RegExp(`^QT-${new Date().getUTCFullYear()}-\\d{4}$`));
    expect(q.status).toBe('draft');
    expect(q.customer_name).toBe('Acme Imports');
    // 3 × 0.3333 = 0.9999 → 1.00; 1000 × 1.005 = 1005.00; 12.5 × 7.1 = 88.75
    expect(q.items.map((i: { amount: string }) => i.amount)).toEqual(['1.00', '1005.00', '88.75']);
    expect(q.subtotal).toBe('1094.75');
    // 1094.75 − 10.005 + 250 = 1334.745 → half-up 1334.75 (a float gives 1334.74)
    expect(q.total).toBe('1334.75');
    const jpy = await create({
      currency: 'JPY',
      items: [{ description: 'x', quantity: '3', unit_price: '0.5' }],
    });
    expect(jpy.items[0].amount).toBe('2');
    expect(jpy.total).toBe('2');
  });

  it('gives concurrent creates consecutive numbers: no gap, no duplicate', async () => {
    const made = await Promise.all(Array.from({ length: 12 }, () => create({ items: [] })));
    const numbers = made.map((q) => Number(q.number.split('-')[2])).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(12);
    expect(numbers[11]! - numbers[0]!).toBe(11);
    const all = await get('/api/quotation/list/', { page_size: 100, sort: 'number' });
    const every = all.body.data.items.map((q: { number: string }) => Number(q.number.split('-')[2]));
    expect(every.sort((a: number, b: number) => a - b)).toEqual(every.map((_: number, i: number) => i + 1));
  });

  it('filters the list by customer, owner, currency and creation date', async () => {
    const other = await post('/api/customer/create/', { company_name: 'Filter Test GmbH' });
    const mine = await create({ customer_id: other.body.data.id, currency: 'EUR', items: [] }, editor);
    const theirs = await create({ customer_id: other.body.data.id, currency: 'USD', items: [] });
    const ids = async (query: Record<string, string | number>) =>
      (await get('/api/quotation/list/', { page_size: 100, ...query })).body.data.items.map(
        (q: { id: number }) => q.id,
      );
    expect((await ids({ customer_id: other.body.data.id })).sort()).toEqual([mine.id, theirs.id].sort());
    const editorId = mine.owner_id as number;
    expect(await ids({ customer_id: other.body.data.id, owner_id: editorId })).toEqual([mine.id]);
    expect(await ids({ customer_id: other.body.data.id, currency: 'EUR' })).toEqual([mine.id]);
    expect((await ids({ customer_id: other.body.data.id, currency: 'EUR,USD' })).length).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await ids({ customer_id: other.body.data.id, date_from: today, date_to: today })).length).toBe(2);
    expect(await ids({ customer_id: other.body.data.id, date_to: yesterday })).toEqual([]);
    for (const [field, value] of [
      ['currency', 'XYZ'],
      ['owner_id', 'me'],
      ['date_from', '2026-02-30'],
    ] as const) {
      const bad = await get('/api/quotation/list/', { [field]: value });
      expect(bad.status).toBe(400);
      // A list names the bad entry (currency.0).
      expect(bad.body.details[0].field.split('.')[0]).toBe(field);
    }
  });

  it('appends a version per save, keeps earlier versions unchanged, and refuses a stale save with 409', async () => {
    const q = await create();
    const v2 = await post('/api/quotation/update/', {
      id: q.id,
      version: 1,
      items: [
        { ...lines[0], unit_price: '0.5' },
        lines[1],
        lines[2],
        { description: 'Gift box', quantity: '2', unit_price: '3' },
      ],
    });
    expect(v2.status, JSON.stringify(v2.body)).toBe(200);
    expect(v2.body.data.version).toBe(2);
    expect(v2.body.data.total).toBe('1101.25');
    const stale = await post(
      '/api/quotation/update/',
      { id: q.id, version: 1, remark: 'mine' },
      t.adminToken,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('CONFLICT');
    const v1 = await get('/api/quotation/detail/', { id: q.id, version: 1 });
    expect(v1.body.data.total).toBe(q.total);
    expect(v1.body.data.items).toHaveLength(3);
    // The table refuses to change a stored version, whoever asks.
    await expect(
      t.database.db.execute(sql`UPDATE document_versions SET summary = 'x' WHERE document_id = ${q.id}`),
    ).rejects.toThrow();
    // Two saves of the same version at once: one lands, the other is refused.
    const both = await Promise.all([
      post('/api/quotation/update/', { id: q.id, version: 2, remark: 'A' }),
      post('/api/quotation/update/', { id: q.id, version: 2, remark: 'B' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const history = await get('/api/quotation/history/', { id: q.id });
    expect(history.body.data.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(history.body.data[1].summary).toBe('1 price changed, 1 line added, total 1,094.75 → 1,101.25 USD');
  });

  it('diffs two versions: header fields and lines added, removed and changed', async () => {
    const q = await create({ payment_terms: '30% deposit' });
    await post('/api/quotation/update/', {
      id: q.id,
      version: 1,
      payment_terms: 'T/T in advance',
      items: [
        { ...lines[0], quantity: '6' },
        lines[2],
        { description: 'Sample', quantity: '1', unit_price: '0' },
      ],
    });
    const res = await get('/api/quotation/diff/', { id: q.id, from: 1, to: 2 });
    expect(res.status).toBe(200);
    const { diff } = res.body.data;
    expect(diff.fields).toContainEqual({ field: 'payment_terms', from: '30% deposit', to: 'T/T in advance' });
    expect(diff.fields).toContainEqual({ field: 'total', from: '1094.75', to: '90.75' });
    const kinds = diff.lines.map(
      (l: { kind: string; line: { model: string; description: string } }) =>
        `${l.kind} ${l.line.model || l.line.description}`,
    );
    expect(kinds.sort()).toEqual(['added Sample', 'changed KN-8', 'removed CB-1']);
    const changed = diff.lines.find((l: { kind: string }) => l.kind === 'changed');
    expect(changed.changes).toContainEqual({ field: 'quantity', from: '3', to: '6' });
    expect(diff.summary).toBe(
      '1 quantity changed, 1 line added, 1 line removed, payment terms changed, total 1,094.75 → 90.75 USD',
    );
  });

  it('reads a draft or sent quotation past valid_until as expired, and filters by it', async () => {
    const old = await create({ valid_until: '2020-01-31' });
    const fresh = await create({ valid_until: '2999-12-31' });
    expect(old.status).toBe('expired');
    expect(fresh.status).toBe('draft');
    const accepted = await post('/api/quotation/update/', { id: old.id, version: 1, status: 'accepted' });
    expect(accepted.body.data.status).toBe('accepted');
    expect(accepted.body.data.version).toBe(1);
    const other = await create({ valid_until: '2021-06-01' });
    const res = await get('/api/quotation/list/', { status: 'expired', page_size: 100 });
    const ids = res.body.data.items.map((q: { id: number }) => q.id);
    expect(ids).toContain(other.id);
    expect(ids).not.toContain(old.id);
    expect(ids).not.toContain(fresh.id);
  });

  it('restores an old version as a new one', async () => {
    const q = await create();
    await post('/api/quotation/update/', { id: q.id, version: 1, items: [lines[0]] });
    const res = await post('/api/quotation/restore/', { id: q.id, version: 2, from_version: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.version).toBe(3);
    expect(res.body.data.total).toBe(q.total);
  });

  it('refuses bad input naming the field, in the caller language', async () => {
    const res = await call(t.app, 'POST', '/api/quotation/create/', {
      token: t.adminToken,
      body: { customer_id: customerId, items: [{ description: 'x', quantity: '1.23456', unit_price: '1' }] },
      headers: { 'accept-language': 'zh' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(res.body.details)).toContain('items.0.quantity');
    const negative = await post('/api/quotation/create/', {
      customer_id: customerId,
      items: lines,
      discount: '5000',
    });
    expect(negative.status).toBe(400);
    expect(negative.body.details[0].field).toBe('discount');
    const noCustomer = await post('/api/quotation/create/', { customer_id: 999999 });
    expect(noCustomer.status).toBe(400);
    expect(noCustomer.body.details[0].field).toBe('customer_id');
  });

  it('lets an editor create and work her own quotations only; list and history are admin-only', async () => {
    const mine = await create({}, editor);
    expect((await get('/api/quotation/detail/', { id: mine.id }, editor)).status).toBe(200);
    expect((await get('/api/quotation/detail/', { id: mine.id }, otherEditor)).status).toBe(403);
    const theirs = await post(
      '/api/quotation/update/',
      { id: mine.id, version: 1, remark: 'x' },
      otherEditor,
    );
    expect(theirs.status).toBe(403);
    expect(
      (await post('/api/quotation/update/', { id: mine.id, version: 1, remark: 'ok' }, editor)).status,
    ).toBe(200);
    expect((await get('/api/quotation/list/', {}, editor)).status).toBe(403);
    expect((await get('/api/quotation/history/', { id: mine.id }, editor)).status).toBe(403);
    expect((await get('/api/quotation/detail/', { id: mine.id })).status).toBe(200);
  });
});

const pdfText = async (bytes: Buffer): Promise<string> => {
  const { execFile } = await import('node:child_process');
  const { writeFile, rm } = await import('node:fs/promises');
  const file = `${tempDir()}/q.pdf`;
  await writeFile(file, bytes);
  const text = await new Promise<string>((resolve, reject) =>
    execFile('pdftotext', ['-layout', file, '-'], (err, out) => (err ? reject(err) : resolve(out))),
  );
  await rm(file);
  return text;
};

describe('quotation PDF', () => {
  it('renders the number, a Chinese product name and the total, in English or Chinese labels', async () => {
    await post('/api/settings/company/', {
      name: 'Harbourline Trading Co., Ltd.',
      name_zh: '海港贸易有限公司',
      address: '88 Binjiang Road, Ningbo, China',
      email: 'sales@harbourline.test',
    });
    const q = await create({ valid_until: '2999-12-31', shipping_cost: '250' });
    const res = await call(t.app, 'GET', '/api/quotation/pdf/', { token: t.adminToken, query: { id: q.id } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const bytes = res.raw.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The CJK font goes in as a subset: a one-page quotation stays small.
    expect(bytes.length).toBeLessThan(150_000);
    const text = await pdfText(bytes);
    expect(text).toContain(q.number);
    expect(text).toContain('不锈钢厨房刀具');
    expect(text).toContain('$1,344.75');
    expect(text).toContain('Harbourline Trading Co., Ltd.');
    expect(text).toContain('Page 1 of 1');
    const zh = await call(t.app, 'GET', '/api/quotation/pdf/', {
      token: t.adminToken,
      query: { id: q.id, lang: 'zh', version: 1 },
    });
    const zhText = await pdfText(zh.raw.rawPayload);
    expect(zhText).toContain('报价单');
    expect(zhText).toContain('海港贸易有限公司');
    expect(zhText).toContain('第 1 页，共 1 页');
  });

  it('repeats the table header on every page of a long quotation', async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({
      description: `不锈钢 item ${i + 1}`,
      model: `M-${i + 1}`,
      quantity: '1',
      unit_price: '1.5',
    }));
    const q = await create({ items: many });
    const res = await call(t.app, 'GET', '/api/quotation/pdf/', { token: t.adminToken, query: { id: q.id } });
    const text = await pdfText(res.raw.rawPayload);
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(2);
    for (const page of pages.slice(0, -1)) expect(page).toMatch(/Unit price\s+Amount/);
    expect(text).toContain(`Page ${pages.length} of ${pages.length}`);
    expect(text).toContain('M-120');
    expect(text).toContain('$180.00');
  });

  it('is a file behind its quotation: another editor may not read it', async () => {
    const q = await create({}, editor);
    const res = await call(t.app, 'GET', '/api/quotation/pdf/', { token: otherEditor, query: { id: q.id } });
    expect(res.status).toBe(403);
  });
});

describe('quotation spreadsheets', () => {
  it('exports one version as .xlsx with the line pictures embedded and exact figures', async () => {
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const { payload, headers } = multipartFile('knife.jpg', photo);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload/',
      payload,
      headers: { ...headers, 'x-token': t.adminToken },
    });
    const fileId = uploaded.json().data.id as number;
    expect((await post('/api/product/prepare_picture/', { file_id: fileId })).status).toBe(200);
    const q = await create({ items: [{ ...lines[0], picture_file_id: fileId }, lines[1]] });
    // The editor shows each line's stored thumbnail (the 160 px variant, through the file URL).
    expect(Object.keys(q.thumb_urls)).toEqual([String(fileId)]);
    const thumbUrl = new URL(q.thumb_urls[String(fileId)], 'http://x');
    expect(thumbUrl.pathname).toBe('/api/file/download/');
    const thumb = await call(t.app, 'GET', thumbUrl.pathname, {
      token: t.adminToken,
      query: Object.fromEntries(thumbUrl.searchParams),
    });
    expect(thumb.status).toBe(200);
    const { width } = await sharp(thumb.raw.rawPayload).metadata();
    expect(width).toBe(160);
    const reopened = await get('/api/quotation/detail/', { id: q.id });
    expect(reopened.body.data.thumb_urls).toEqual(q.thumb_urls);
    const res = await call(t.app, 'GET', '/api/quotation/xlsx/', {
      token: t.adminToken,
      query: { id: q.id },
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.raw.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getImages()).toHaveLength(1);
    const values = sheet.getSheetValues().flat().map(String);
    expect(values).toContain(q.number);
    expect(values).toContain('不锈钢厨房刀具 Kitchen knife');
    expect(values).toContain('1005.00');
    expect(values).toContain(q.total);
    // A thumbnail in the PDF too, and it still fits one small page.
    const pdf = await call(t.app, 'GET', '/api/quotation/pdf/', { token: t.adminToken, query: { id: q.id } });
    expect(pdf.raw.rawPayload.length).toBeLessThan(150_000);
  });

  it('exports the filtered list', async () => {
    const res = await call(t.app, 'GET', '/api/quotation/export/', {
      token: t.adminToken,
      query: { status: 'expired' },
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.raw.rawPayload as unknown as ExcelJS.Buffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows.slice(1)) expect((row as string[])[5]).toBe('expired');
  });
});
