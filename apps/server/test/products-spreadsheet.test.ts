import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './helpers';
import { multipartFile } from './multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const post = (url: string, body: object) => call(t.app, 'POST', url, { token: t.adminToken, body });

async function upload(name: string, bytes: Buffer): Promise<number> {
  const { payload, headers } = multipartFile(name, bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/file/upload/',
    headers: { ...headers, 'x-token': t.adminToken },
    payload,
  });
  return res.json().data.id;
}

async function sheetOf(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function importFile(name: string, bytes: Buffer, query = 'on_duplicate=update', lang = 'en') {
  const { payload, headers } = multipartFile(name, bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/product/import/?${query}`,
    headers: { ...headers, 'x-token': t.adminToken, cookie: `language=${lang}` },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

async function download(url: string, query: Record<string, string> = {}, lang = 'en') {
  const res = await t.app.inject({
    method: 'GET',
    url,
    query,
    headers: { 'x-token': t.adminToken, cookie: `language=${lang}` },
  });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return { res, wb, sheet: wb.worksheets[0]! };
}

const values = (sheet: ExcelJS.Worksheet) => {
  const rows: string[][] = [];
  sheet.eachRow((r) => {
    rows.push((r.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
};

describe('product export', () => {
  it('exports the filtered list with each cover embedded, prices exact, labels in the caller language', async () => {
    const photo = await upload(
      'red.jpg',
      await sharp({ create: { width: 900, height: 600, channels: 3, background: '#d22' } })
        .jpeg()
        .toBuffer(),
    );
    const kettle = await post('/api/product/create/', {
      name: 'Kettle',
      model: 'EK-1',
      price: '12.35',
      moq: '500',
      unit: 'carton',
      tech_params: [{ key: 'Material', value: '304 stainless' }],
      published: true,
      pictures: [{ file_id: photo }],
    });
    expect(kettle.status, JSON.stringify(kettle.body)).toBe(200);
    await post('/api/product/create/', { name: 'Rake', model: 'R-1', price: '99999999999999.9999' });
    await post('/api/product/create/', { name: 'Hidden', published: false });

    const all = await download('/api/product/export/', { sort: 'name' });
    expect(all.res.headers['content-disposition']).toContain('excel-list.xlsx');
    const rows = values(all.sheet);
    expect(rows[0]).toEqual([
      'ID',
      'Picture',
      'Name',
      'Model',
      'Factory',
      'Category',
      'Price',
      'Currency',
      'MOQ',
      'Unit',
      'Advantages',
      'Technical parameters',
      'Packaging',
      'Published',
      'Remark',
      'Created',
      'Updated',
    ]);
    expect(rows.slice(1).map((r) => r[2])).toEqual(['Kettle', 'Rake', 'Hidden']);
    expect(rows[1]!.slice(6, 10)).toEqual(['12.35', 'USD', '500', 'Cartons']);
    expect(rows[1]![11]).toBe('Material: 304 stainless');
    expect(rows[2]![6]).toBe('99999999999999.9999');

    // The cover is in the file, anchored in the Picture column of the Kettle row, smaller than the upload.
    const images = all.sheet.getImages();
    expect(images).toHaveLength(1);
    expect(images[0]!.range.tl.nativeCol).toBe(1);
    expect(images[0]!.range.tl.nativeRow).toBe(1);
    const media = all.wb.getImage(Number(images[0]!.imageId));
    expect(media.extension).toBe('jpeg');
    const embedded = await sharp(media.buffer as unknown as Buffer).metadata();
    expect(embedded.width).toBe(160);
    expect(embedded.height).toBeGreaterThan(100);
    expect(embedded.height).toBeLessThan(110);

    const published = await download('/api/product/export/', { published: 'true' }, 'zh');
    const zhRows = values(published.sheet);
    expect(zhRows[0]![2]).toBe('产品名称');
    expect(zhRows.slice(1).map((r) => [r[2], r[9], r[13]])).toEqual([['Kettle', '箱', '是']]);
  });
});

describe('product import', () => {
  it('round-trips an export: the same file updates by model and creates nothing', async () => {
    const exported = await download('/api/product/export/');
    const bytes = Buffer.from(await exported.wb.xlsx.writeBuffer());
    const res = await importFile('excel-list.xlsx', bytes);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ created: 1, updated: 2, skipped: 0, errors: [] });
    // "Hidden" has no model: it comes in again as a new product.
    const list = await call(t.app, 'GET', '/api/product/list/', {
      token: t.adminToken,
      query: { q: 'rake' },
    });
    expect(list.body.data.items[0].price).toBe('99999999999999.9999');
  });

  it('keeps good rows, reports bad rows by number and reason, matches on model, makes categories', async () => {
    const file = await sheetOf([
      ['Name', 'Model', 'Category', 'Price', 'Currency', 'MOQ', 'Unit', 'Technical parameters', 'Published'],
      [
        'Garden hose',
        'GH-20',
        'Garden / Hoses',
        '8.5',
        'EUR',
        '100',
        'Meters',
        'Length: 20 m\nColour: green',
        'yes',
      ],
      ['Bad price', 'BP-1', '', '-3', 'USD', '', '', '', ''],
      ['', 'NN-1', '', '', '', '', '', '', ''],
      ['Kettle deluxe', 'ek-1', '', '13.10', '', '', '', '', ''],
      ['Odd unit', 'OU-1', '', '', 'Dollars', '', 'buckets', '', 'maybe'],
      ['Second hose', 'GH-20', '', '', '', '', '', '', ''],
    ]);
    const res = await importFile('catalogue.xlsx', file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ created: 1, updated: 1, skipped: 0 });
    expect(res.body.data.errors).toEqual([
      { row: 3, msg: 'Price: Enter a number such as 12.35' },
      { row: 4, msg: 'Name: Enter a name' },
      {
        row: 6,
        msg: 'Currency: unknown value "Dollars"; Unit: unknown value "buckets"; Published: unknown value "maybe"',
      },
      { row: 7, msg: 'Model GH-20 appears earlier in the file (row 2)' },
    ]);
    const hose = (
      await call(t.app, 'GET', '/api/product/list/', { token: t.adminToken, query: { q: 'hose' } })
    ).body.data.items[0];
    expect(hose).toMatchObject({
      category: 'Garden / Hoses',
      price: '8.5',
      currency: 'EUR',
      moq: '100',
      unit: 'm',
      published: true,
      tech_params: [
        { key: 'Length', value: '20 m' },
        { key: 'Colour', value: 'green' },
      ],
    });
    const kettle = (
      await call(t.app, 'GET', '/api/product/list/', { token: t.adminToken, query: { q: 'EK-1' } })
    ).body.data.items[0];
    // Updated by model; cells left empty keep what was stored (the picture, the MOQ, published).
    expect(kettle).toMatchObject({ name: 'Kettle deluxe', price: '13.1', moq: '500', published: true });
    expect(kettle.pictures).toHaveLength(1);
  });

  it('skips existing models when asked, saying which product has the model', async () => {
    const file = await sheetOf([
      ['name', 'model', 'price'],
      ['Kettle again', 'EK-1', '1'],
    ]);
    const res = await importFile('again.xlsx', file, 'on_duplicate=skip');
    expect(res.body.data).toMatchObject({ created: 0, updated: 0, skipped: 1 });
    expect(res.body.data.skipped_rows[0].msg).toMatch(
      /^Model EK-1 already belongs to product #\d+: skipped$/,
    );
  });

  it('gives a template whose headings and example import back, in either language', async () => {
    const template = await download('/api/product/import_template/', {}, 'zh');
    expect(template.res.headers['content-disposition']).toContain('filename*=UTF-8');
    const bytes = Buffer.from(await template.wb.xlsx.writeBuffer());
    const res = await importFile('template.xlsx', bytes);
    expect(res.body.data).toMatchObject({ created: 1, errors: [] });
    const made = (
      await call(t.app, 'GET', '/api/product/list/', { token: t.adminToken, query: { q: '电热水壶' } })
    ).body.data.items[0];
    expect(made).toMatchObject({ model: 'EK-1701', category: '厨房 / 水壶', price: '12.35', unit: 'pcs' });
  });

  it('says clearly when the file is not a spreadsheet', async () => {
    const res = await importFile('notes.xlsx', Buffer.from('hello'));
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('The file could not be read: upload an .xlsx or .csv file');
  });
});
