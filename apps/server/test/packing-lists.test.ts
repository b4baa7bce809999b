import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AnyBody, call, createTestApp, type TestApp, tempDir } from './helpers';

let t: TestApp;
let editor: string;
let customerId: number;
let kettleId: number;
let boardId: number;

const post = (url: string, body: object, token = t.adminToken) => call(t.app, 'POST', url, { token, body });
const get = (url: string, query: Record<string, string | number> = {}, token = t.adminToken) =>
  call(t.app, 'GET', url, { token, query });
const ok = <T = AnyBody['data']>(res: { status: number; body: AnyBody }): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as T;
};

beforeAll(async () => {
  t = await createTestApp();
  editor = await t.userToken(['editor'], 'lily');
  customerId = ok<{ id: number }>(
    await post('/api/customer/create/', { company_name: 'Acme Imports', email: 'buyer@acme.test' }),
  ).id;
  kettleId = ok<{ id: number }>(
    await post('/api/product/create/', {
      name: 'Kettle',
      model: 'EK-17',
      packaging: '1 pc / colour box, 12 pcs / carton, 60×40×35 cm, N.W. 12.5 kg, G.W. 14.5 kg',
    }),
  ).id;
  boardId = ok<{ id: number }>(
    await post('/api/product/create/', {
      name: 'Board',
      model: 'CB-1',
      packaging: '10 pcs / carton, 45×30×25 cm, 8 kg',
    }),
  ).id;
});

const orderLines = () => [
  {
    product_id: kettleId,
    description: '不锈钢电热水壶 Kettle',
    model: 'EK-17',
    quantity: '144',
    unit_price: '9.5',
  },
  { description: 'Spare lids', model: 'LID-2', quantity: '25', unit_price: '0.4' },
  { product_id: boardId, description: 'Cutting board', model: 'CB-1', quantity: '25', unit_price: '2' },
];
const makeOrder = async () =>
  ok<{ id: number; number: string }>(
    await post('/api/order/create/', {
      customer_id: customerId,
      items: orderLines(),
      port_of_loading: 'Ningbo',
      port_of_destination: 'Hamburg',
    }),
  );
type Line = Record<string, string | number | null | Record<string, boolean>>;
type Packing = {
  id: number;
  number: string;
  version: number;
  items: Line[];
  warning_count: number;
} & Record<string, unknown>;
const makePacking = async (orderId: number, body: object = {}) =>
  ok<Packing>(await post('/api/packing_list/create_from_order/', { order_id: orderId, ...body }));

/** An invoice row of the order (the invoices module makes them; here only the link matters). */
async function invoiceOf(orderId: number, number: string): Promise<number> {
  const res = await t.database.db.execute<{ id: number }>(sql`
    INSERT INTO invoices (number, kind, order_id, customer_id, currency, total, issue_date)
    VALUES (${number}, 'proforma', ${orderId}, ${customerId}, 'USD', '0', '2026-11-25') RETURNING id`);
  return Number(res.rows[0]!.id);
}

const asInput = (line: Line) => {
  const {
    cbm: _c,
    total_net_weight: _n,
    total_gross_weight: _g,
    order_quantity: _o,
    warnings: _w,
    ...rest
  } = line;
  return rest;
};

describe('packing lists', () => {
  it('copies the order lines, prefills carton figures from the products and totals exactly', async () => {
    const order = await makeOrder();
    const p = await makePacking(order.id);
    expect(p.number).toMatch(new RegExp(`^PL-${new Date().getUTCFullYear()}-\\d{4}$`));
    expect(p.version).toBe(1);
    expect(p).toMatchObject({
      order_id: order.id,
      order_number: order.number,
      invoice_id: null,
      customer_id: customerId,
      customer_name: 'Acme Imports',
      port_of_loading: 'Ningbo',
      port_of_destination: 'Hamburg',
    });
    // Kettle: 144 / 12 = 12 cartons; 12 × 60×40×35 cm = 1,008,000 cm³ = 1.008 m³; N.W. 12 × 12.5, G.W. 12 × 14.5
    expect(p.items[0]).toMatchObject({
      order_line: 0,
      cartons: '12',
      qty_per_carton: '12',
      quantity: '144',
      net_weight: '12.5',
      gross_weight: '14.5',
      length_cm: '60',
      width_cm: '40',
      height_cm: '35',
      cbm: '1.008',
      total_net_weight: '150',
      total_gross_weight: '174',
      order_quantity: '144',
      warnings: { order_quantity: false, carton_quantity: false },
    });
    // A free line: no packaging known, so no carton figures.
    expect(p.items[1]).toMatchObject({ cartons: '0', quantity: '25', cbm: '0.000', total_gross_weight: '0' });
    // Board: ⌈25 / 10⌉ = 3 cartons (the last one part full: warned); 3 × 33,750 cm³ = 0.10125 → 0.101; G.W. 3 × 8
    expect(p.items[2]).toMatchObject({
      cartons: '3',
      qty_per_carton: '10',
      cbm: '0.101',
      gross_weight: '8',
      total_gross_weight: '24',
      warnings: { order_quantity: false, carton_quantity: true },
    });
    expect(p).toMatchObject({
      total_cartons: '15',
      total_quantity: '194',
      total_net_weight: '150',
      total_gross_weight: '198',
      total_cbm: '1.109',
      warning_count: 1,
    });
    const list = ok<{ items: Record<string, unknown>[] }>(
      await get('/api/packing_list/list/', { order_id: order.id }),
    );
    expect(list.items).toEqual([
      expect.objectContaining({
        number: p.number,
        order_number: order.number,
        customer_name: 'Acme Imports',
        total_cartons: '15',
        total_gross_weight: '198',
        total_cbm: '1.109',
      }),
    ]);
  });

  it('computes CBM and totals itself on update, warns on quantity mismatches, and keeps every version', async () => {
    const order = await makeOrder();
    const p = await makePacking(order.id);
    const items = p.items.map(asInput);
    items[0] = { ...items[0], quantity: '140' };
    items[1] = {
      ...items[1],
      cartons: '7',
      qty_per_carton: '3.5',
      quantity: '24.5',
      net_weight: '0.333',
      gross_weight: '0.5',
      length_cm: '33.3',
      width_cm: '22.1',
      height_cm: '15.7',
      // Figures the server computes: whatever a client says is ignored.
      cbm: '999',
      total_net_weight: '1',
    };
    const v2 = ok<Packing>(
      await post('/api/packing_list/update/', {
        id: p.id,
        version: 1,
        items,
        container_number: 'MSCU1234567',
        seal_number: 'SL-88',
        shipping_marks: 'ACME\nHAMBURG\nC/NO. 1-UP',
        total_cbm: '5',
      }),
    );
    expect(v2.version).toBe(2);
    // 7 × 33.3 × 22.1 × 15.7 = 80,878.707 cm³ → 0.081 m³; 7 × 0.333 = 2.331 kg exactly
    expect(v2.items[1]).toMatchObject({ cbm: '0.081', total_net_weight: '2.331', total_gross_weight: '3.5' });
    // 24.5 ≠ 25 on the order (warned), = 7 × 3.5 (not warned)
    expect(v2.items[1]!.warnings).toEqual({ order_quantity: true, carton_quantity: false });
    // 140 ≠ 144 on the order and ≠ 12 × 12
    expect(v2.items[0]!.warnings).toEqual({ order_quantity: true, carton_quantity: true });
    expect(v2).toMatchObject({
      total_cartons: '22',
      total_quantity: '189.5',
      total_net_weight: '152.331',
      total_gross_weight: '201.5',
      total_cbm: '1.190',
      container_number: 'MSCU1234567',
      warning_count: 3,
    });
    const v1 = ok<Packing>(await get('/api/packing_list/detail/', { id: p.id, version: 1 }));
    expect(v1.total_cbm).toBe('1.109');
    expect(v1.container_number).toBe('');
    const stale = await post('/api/packing_list/update/', { id: p.id, version: 1, remark: 'late' });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('CONFLICT');
    const history = ok<{ version: number; summary: string; total_cbm: string }[]>(
      await get('/api/packing_list/history/', { id: p.id }),
    );
    expect(history.map((h) => [h.version, h.total_cbm])).toEqual([
      [2, '1.190'],
      [1, '1.109'],
    ]);
    expect(history[0]!.summary).toBe(
      '2 quantities changed, shipping marks, container number, seal number changed, CBM 1.109 → 1.190',
    );
    const diff = ok<{ diff: { lines: { kind: string; changes: { field: string }[] }[] } }>(
      await get('/api/packing_list/diff/', { id: p.id, from: 1, to: 2 }),
    );
    expect(diff.diff.lines.map((l) => l.kind)).toEqual(['changed', 'changed']);
    expect(diff.diff.lines[1]!.changes.map((c) => c.field)).toContain('cbm');
  });

  it('numbers concurrent creates consecutively: no gap, no duplicate', async () => {
    const order = await makeOrder();
    const made = await Promise.all(Array.from({ length: 10 }, () => makePacking(order.id)));
    const numbers = made.map((p) => Number(p.number.split('-')[2])).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(10);
    expect(numbers[9]! - numbers[0]!).toBe(9);
  });

  it('ties a packing list to one of the order’s invoices, and only to one of them', async () => {
    const order = await makeOrder();
    const other = await makeOrder();
    const mine = await invoiceOf(order.id, 'PI-TEST-0001');
    const theirs = await invoiceOf(other.id, 'PI-TEST-0002');
    const p = await makePacking(order.id, { invoice_id: mine });
    expect(p).toMatchObject({ invoice_id: mine, invoice_number: 'PI-TEST-0001' });
    const wrong = await post('/api/packing_list/create_from_order/', {
      order_id: order.id,
      invoice_id: theirs,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details[0].field).toBe('invoice_id');
    const moved = await post('/api/packing_list/update/', { id: p.id, version: 1, invoice_id: theirs });
    expect(moved.status).toBe(400);
    expect(moved.body.details[0].field).toBe('invoice_id');
    const list = ok<{ items: { invoice_number: string }[] }>(
      await get('/api/packing_list/list/', { invoice_id: mine }),
    );
    expect(list.items.map((i) => i.invoice_number)).toEqual(['PI-TEST-0001']);
  });

  it('answers bad input with 400 naming the field', async () => {
    const order = await makeOrder();
    const p = await makePacking(order.id);
    const cases: [string, object, string][] = [
      ['/api/packing_list/create_from_order/', { order_id: 'x' }, 'order_id'],
      ['/api/packing_list/create_from_order/', { order_id: 2_000_000 }, 'order_id'],
      [
        '/api/packing_list/update/',
        { id: p.id, version: 1, items: [{ ...asInput(p.items[0]!), cartons: '1.5' }] },
        'items.0.cartons',
      ],
      [
        '/api/packing_list/update/',
        { id: p.id, version: 1, items: [{ ...asInput(p.items[0]!), quantity: '-1' }] },
        'items.0.quantity',
      ],
      [
        '/api/packing_list/update/',
        { id: p.id, version: 1, items: [{ ...asInput(p.items[0]!), net_weight: '1.2345' }] },
        'items.0.net_weight',
      ],
      [
        '/api/packing_list/update/',
        { id: p.id, version: 1, items: [{ cartons: '1', quantity: '1' }] },
        'items.0.description',
      ],
      ['/api/packing_list/update/', { id: p.id, version: 1, issue_date: '2026-02-30' }, 'issue_date'],
    ];
    for (const [url, body, field] of cases) {
      const res = await post(url, body);
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect((await get('/api/packing_list/detail/', { id: 2_000_000 })).status).toBe(404);
  });

  it('is admin-only: an editor and a caller without a token are refused everywhere', async () => {
    const order = await makeOrder();
    const p = await makePacking(order.id);
    // '' sends no token (undefined would take the admin's default).
    for (const token of [editor, '']) {
      const calls = [
        await get('/api/packing_list/list/', {}, token),
        await get('/api/packing_list/detail/', { id: p.id }, token),
        await post('/api/packing_list/create_from_order/', { order_id: order.id }, token),
        await post('/api/packing_list/update/', { id: p.id, version: 1, remark: 'x' }, token),
        await post('/api/packing_list/delete/', { ids: [p.id] }, token),
        await get('/api/packing_list/history/', { id: p.id }, token),
        await get('/api/packing_list/pdf/', { id: p.id }, token),
        await get('/api/packing_list/xlsx/', { id: p.id }, token),
        await get('/api/packing_list/export/', {}, token),
      ];
      for (const res of calls) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe(token ? 'FORBIDDEN' : 'AUTH_REQUIRED');
      }
    }
    expect(ok<Packing>(await get('/api/packing_list/detail/', { id: p.id })).version).toBe(1);
    expect(ok<{ count: number }>(await post('/api/packing_list/delete/', { ids: [p.id] })).count).toBe(1);
    expect((await get('/api/packing_list/detail/', { id: p.id })).status).toBe(404);
  });
});

const pdfText = async (bytes: Buffer): Promise<string> => {
  const { execFile } = await import('node:child_process');
  const { writeFile, rm } = await import('node:fs/promises');
  const file = `${tempDir()}/p.pdf`;
  await writeFile(file, bytes);
  const text = await new Promise<string>((resolve, reject) =>
    execFile('pdftotext', ['-layout', file, '-'], (err, out) => (err ? reject(err) : resolve(out))),
  );
  await rm(file);
  return text;
};

describe('packing list PDF and workbook', () => {
  it('prints the numbers forwarders check, of the current or an earlier version', async () => {
    await post('/api/settings/company/', {
      name: 'Harbourline Trading Co., Ltd.',
      name_zh: '海港贸易有限公司',
    });
    const order = await makeOrder();
    const p = await makePacking(order.id);
    ok(
      await post('/api/packing_list/update/', {
        id: p.id,
        version: 1,
        container_number: 'MSCU1234567',
        seal_number: 'SL-88',
        shipping_marks: 'ACME HAMBURG',
      }),
    );
    const res = await get('/api/packing_list/pdf/', { id: p.id });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.raw.rawPayload);
    expect(text).toContain('PACKING LIST');
    expect(text).toContain(p.number);
    expect(text).toContain(order.number);
    expect(text).toContain('不锈钢电热水壶');
    expect(text).toContain('60×40×35');
    expect(text).toMatch(/TOTAL\s+15\s+194\s+150\s+198\s+1\.109/);
    expect(text).toContain('15 CTNS');
    expect(text).toContain('198 KGS');
    expect(text).toContain('1.109 CBM');
    expect(text).toContain('MSCU1234567');
    expect(text).toContain('SL-88');
    expect(text).toContain('ACME HAMBURG');
    expect(text).toContain('Version: 2');
    const v1 = await pdfText((await get('/api/packing_list/pdf/', { id: p.id, version: 1 })).raw.rawPayload);
    expect(v1).toContain('Version: 1');
    expect(v1).not.toContain('MSCU1234567');
    const zh = await pdfText((await get('/api/packing_list/pdf/', { id: p.id, lang: 'zh' })).raw.rawPayload);
    expect(zh).toContain('装箱单');
    expect(zh).toContain('海港贸易有限公司');
    expect(zh).toContain('柜号');
  });

  it('exports the document and the list as .xlsx with the exact figures', async () => {
    const order = await makeOrder();
    const p = await makePacking(order.id);
    const res = await get('/api/packing_list/xlsx/', { id: p.id });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    book.worksheets[0]!.eachRow((row) =>
      rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))),
    );
    const total = rows.find((r) => r[2] === 'TOTAL')!;
    expect(total.slice(3)).toEqual(['15', '', '194', '', '', '150', '198', '', '1.109']);
    expect(rows.some((r) => r[1] === 'EK-17' && r[11] === '1.008')).toBe(true);
    const list = await get('/api/packing_list/export/', { order_id: order.id });
    const listBook = new ExcelJS.Workbook();
    await listBook.xlsx.load(list.raw.rawPayload as unknown as ArrayBuffer);
    const second = listBook.worksheets[0]!.getRow(2).values as unknown[];
    // No invoice yet: an empty cell.
    expect(Array.from(second.slice(1, 8), (v) => v ?? '')).toEqual([
      p.number,
      order.number,
      '',
      'Acme Imports',
      '15',
      '198',
      '1.109',
    ]);
  });
});
