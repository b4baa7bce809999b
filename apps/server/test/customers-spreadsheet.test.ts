import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './helpers';
import { multipartFile } from './multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function sheetOf(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function importFile(name: string, bytes: Buffer, onDuplicate = 'skip', lang = 'en') {
  const { payload, headers } = multipartFile(name, bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/customer/import/?on_duplicate=${onDuplicate}`,
    headers: { ...headers, 'x-token': t.adminToken, cookie: `language=${lang}` },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((r) => {
    rows.push((r.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

describe('customer import', () => {
  it('keeps good rows, reports each bad row with its number and reason, accepts labels or ids', async () => {
    const file = await sheetOf([
      ['Company name', 'Name', 'Email', 'Grade', 'Country', 'Source', 'Owner'],
      ['Good One', 'Ann', 'ann@one.example', 'Intentional', 'Albania', 'B2B', 'admin'],
      ['Good Two', 'Bo', 'bo@two.example', 3, 'AL', '展会', ''],
      ['', '', 'nobody@x.example', '', '', '', ''],
      ['Bad Mail', 'Cy', 'not-an-email', '', '', '', ''],
      ['Bad Grade', 'Di', 'di@x.example', 'Superstar', '', '', ''],
      ['Twin', 'Ed', 'ann@one.example', '', '', '', ''],
    ]);
    const res = await importFile('customers.xlsx', file);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: 2, updated: 0, skipped: 0 });
    const errors = res.body.data.errors as { row: number; msg: string }[];
    expect(errors.map((e) => e.row)).toEqual([4, 5, 6, 7]);
    expect(errors[0]!.msg).toMatch(/company name or a contact name/);
    expect(errors[1]!.msg).toMatch(/^Email: Invalid email address/);
    expect(errors[2]!.msg).toMatch(/Grade: unknown value "Superstar"/);
    expect(errors[3]!.msg).toMatch(/appears earlier in the file \(row 2\)/);

    const list = await call(t.app, 'GET', '/api/customer/list/', {
      token: t.adminToken,
      query: { sort: 'company_name' },
    });
    expect(list.body.data.items).toMatchObject([
      {
        company_name: 'Good One',
        email: 'ann@one.example',
        grade: 2,
        nation: 7,
        source: 24,
        owner_name: 'Administrator',
      },
      { company_name: 'Good Two', grade: 3, nation: 7, source: 1 },
    ]);
  });

  it('skips or updates customers whose email exists, as chosen; empty cells keep stored values', async () => {
    const file = await sheetOf([
      ['公司名称', '邮箱', '电话'],
      ['Good One Renamed', 'ANN@one.example', '+1 222'],
      ['Brand New', 'new@three.example', ''],
    ]);
    const skipped = await importFile('again.xlsx', file, 'skip', 'zh');
    expect(skipped.body.data).toMatchObject({ created: 1, updated: 0, skipped: 1, errors: [] });
    const updated = await importFile('again.xlsx', file, 'update', 'zh');
    expect(updated.body.data).toMatchObject({ created: 0, updated: 2, skipped: 0 });
    const one = await call(t.app, 'GET', '/api/customer/list/', {
      token: t.adminToken,
      query: { q: 'ann@one' },
    });
    expect(one.body.data.items[0]).toMatchObject({
      company_name: 'Good One Renamed',
      phone: '+1 222',
      name: 'Ann',
    });
  });

  it('reads CSV (with a UTF-8 BOM and Chinese text)', async () => {
    const csv = Buffer.from(
      '\uFEFFCompany name,Email,Remark\n上海贸易,sh@trade.example,"老客户, 年采购"\n',
      'utf8',
    );
    const res = await importFile('customers.csv', csv);
    expect(res.body.data).toMatchObject({ created: 1, errors: [] });
    const found = await call(t.app, 'GET', '/api/customer/list/', {
      token: t.adminToken,
      query: { q: '上海' },
    });
    expect(found.body.data.items[0]).toMatchObject({ company_name: '上海贸易', remark: '老客户, 年采购' });
  });

  it('says clearly when the file is not a spreadsheet', async () => {
    const res = await importFile('photo.xlsx', Buffer.from('definitely not a zip'));
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/could not be read/);
  });
});

describe('customer export', () => {
  it('exports every row of the filter (not only a page) with labels in the caller language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/customer/export/?page_size=1&nation=7',
      headers: { 'x-token': t.adminToken, cookie: 'language=zh' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="excel-list.xlsx"');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]!.slice(0, 5)).toEqual(['编号', '公司名称', '联系人', '邮箱', '客户等级']);
    const companies = rows.slice(1).map((r) => r[1]);
    expect(companies.sort()).toEqual(['Good One Renamed', 'Good Two']);
    const goodOne = rows.find((r) => r[1] === 'Good One Renamed')!;
    expect(goodOne[4]).toBe('意向客户');
    expect(goodOne[6]).toBe('阿尔巴尼亚');
  });

  it('gives a template whose headings import back', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/customer/import_template/',
      headers: { 'x-token': t.adminToken },
    });
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toContain('Company name');
    const back = await importFile('template.xlsx', res.rawPayload);
    expect(back.body.data).toMatchObject({ created: 1, errors: [] });
  });
});
