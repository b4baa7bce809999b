import { createHash } from 'node:crypto';
import type { ImportProgress } from '@quayside/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { imports } from '../src/db/schema';
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

async function importFile(name: string, bytes: Buffer, onDuplicate = 'skip', lang = 'en', confirm = false) {
  const { payload, headers } = multipartFile(name, bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/customer/import/?on_duplicate=${onDuplicate}${confirm ? '&confirm_duplicate=true' : ''}`,
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
    expect(skipped.body.data.skipped_rows).toEqual([
      { row: 2, msg: expect.stringMatching(/^邮箱 ann@one.example 已属于客户 #\d+，已跳过$/) },
    ]);
    const updated = await importFile('again.xlsx', file, 'update', 'zh', true);
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

describe('customer import: the same file twice, the record, progress', () => {
  const customerCount = async () =>
    (await call(t.app, 'GET', '/api/customer/list/', { token: t.adminToken })).body.data.total as number;

  it('warns that the file was imported before, by whom and when, and imports again only when confirmed', async () => {
    const file = await sheetOf([
      ['Company name', 'Email'],
      ['Twice Ltd', 'twice@example.com'],
    ]);
    const first = await importFile('twice.xlsx', file);
    expect(first.body.data).toMatchObject({ created: 1 });
    const before = await customerCount();

    const again = await importFile('renamed copy.xlsx', file);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error_status: 1, code: 'CONFLICT' });
    expect(again.body.msg).toMatch(
      /^This file was imported on \d{4}-\d\d-\d\d \d\d:\d\d UTC by Administrator\. Import it again\?$/,
    );
    expect(again.body.details).toEqual({
      import_id: first.body.data.import_id,
      file_name: 'twice.xlsx',
      imported_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      imported_by: 'Administrator',
    });
    const zh = await importFile('twice.xlsx', file, 'skip', 'zh');
    expect(zh.body.msg).toMatch(/^此文件已于 .+ 由 Administrator 导入过。要再次导入吗？$/);
    expect(await customerCount()).toBe(before);

    const confirmed = await importFile('twice.xlsx', file, 'skip', 'en', true);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ created: 0, skipped: 1 });
    expect(confirmed.body.data.skipped_rows[0]).toMatchObject({ row: 2 });
  });

  it('does not warn about a file whose earlier import added nothing (every row was bad)', async () => {
    const file = await sheetOf([
      ['Company name', 'Email'],
      ['Bad', 'not-an-email'],
    ]);
    expect((await importFile('bad.xlsx', file)).body.data).toMatchObject({
      created: 0,
      errors: [{ row: 2 }],
    });
    expect((await importFile('bad.xlsx', file)).status).toBe(200);
  });

  it('keeps a record of each import: who, when, the file name and hash, and the counts', async () => {
    const rows = [
      ['Company name', 'Email'],
      ['Recorded Co', 'rec@example.com'],
      ['No Mail Co', 'nope'],
    ];
    const bytes = await sheetOf(rows);
    const res = await importFile('recorded.xlsx', bytes);
    const [record] = await t.database.db
      .select()
      .from(imports)
      .where(eq(imports.id, res.body.data.import_id));
    expect(record).toMatchObject({
      kind: 'customer',
      fileName: 'recorded.xlsx',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      created: 1,
      updated: 0,
      skipped: 0,
      failed: 1,
    });
    expect(Date.now() - record!.createdAt.getTime()).toBeLessThan(60_000);
    expect(record!.userId).toBe(1);
  });

  it('sends progress to the importing user only, ending with every row written', async () => {
    const rows: (string | number)[][] = [['Company name', 'Email']];
    for (let i = 0; i < 3000; i++) rows.push([`Progress ${i}`, `progress${i}@example.com`]);
    const bytes = await sheetOf(rows);
    const mine: ImportProgress[] = [];
    const others: unknown[] = [];
    const stopMine = t.app.ctx.events.subscribe(1, (e) => e.type === 'import' && mine.push(e.data));
    const stopOthers = t.app.ctx.events.subscribe(999, (e) => e.type === 'import' && others.push(e.data));
    const res = await importFile('progress.xlsx', bytes);
    stopMine();
    stopOthers();
    expect(res.body.data).toMatchObject({ created: 3000 });
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(
      mine.every((p) => p.id === res.body.data.import_id && p.kind === 'customer' && p.total === 3000),
    ).toBe(true);
    expect(mine.at(-1)).toMatchObject({ done: 3000 });
    expect(others).toEqual([]);
  });
});
