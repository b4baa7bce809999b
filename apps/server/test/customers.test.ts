import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './helpers';

let t: TestApp;
let editor: string;
beforeAll(async () => {
  t = await createTestApp();
  editor = await t.userToken(['editor'], 'sally');
});

const post = (url: string, body: object, token = t.adminToken) => call(t.app, 'POST', url, { token, body });
const list = (query: Record<string, string | number>, token = t.adminToken) =>
  call(t.app, 'GET', '/api/customer/list/', { token, query });
const names = (res: Awaited<ReturnType<typeof list>>) =>
  res.body.data.items.map((c: { company_name: string }) => c.company_name);

describe('customers', () => {
  it('creates a customer with every field of spec §3, owned by its creator', async () => {
    const res = await post(
      '/api/customer/create/',
      {
        company_name: 'Acme Trading',
        name: 'John Smith',
        email: ' John@Acme.example ',
        grade: 2,
        source: 24,
        nation: 7,
        religion: 3,
        situation: 1,
        website: 'acme.example',
        job_title: 'Buyer',
        address: '1 Harbour Rd',
        phone: '+1 555 0100',
        remark: 'Met at Canton Fair',
        skype: 'john.acme',
        qq: '12345',
      },
      editor,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      company_name: 'Acme Trading',
      email: 'john@acme.example',
      grade: 2,
      nation: 7,
      owner_name: 'sally',
      last_received_at: null,
      deleted_at: null,
    });
  });

  it('refuses a second customer with the same email, naming the first', async () => {
    const res = await post('/api/customer/create/', { company_name: 'Copycat', email: 'JOHN@acme.example' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
    expect(res.body.msg).toMatch(/john@acme\.example already belongs to customer "Acme Trading"/);
    expect(res.body.details).toMatchObject({ field: 'email', customer: { company_name: 'Acme Trading' } });
  });

  it('validates per field, in the language of the caller', async () => {
    const res = await call(t.app, 'POST', '/api/customer/create/', {
      token: t.adminToken,
      body: { email: 'bad', grade: 9 },
      headers: { cookie: 'language=zh' },
    });
    expect(res.status).toBe(400);
    const fields = res.body.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'grade']));
    expect(res.body.details).toContainEqual({ field: 'email', msg: '邮箱地址无效' });
    const noName = await post('/api/customer/create/', { email: 'x@y.example' });
    expect(noName.body.details).toEqual([
      { field: 'company_name', msg: 'Enter a company name or a contact name' },
    ]);
  });

  it('searches company, name, email, phone, website and remark; filters; sorts; pages', async () => {
    const seed = [
      {
        company_name: 'Baltic Steel',
        name: 'Anna',
        email: 'anna@baltic.example',
        grade: 1,
        nation: 7,
        phone: '+371 1',
      },
      {
        company_name: 'Cairo Foods',
        name: 'Omar',
        email: 'omar@cairo.example',
        grade: 3,
        source: 1,
        remark: 'VIP 大客户',
      },
      {
        company_name: 'Delta Pumps',
        name: 'Li Wei',
        email: 'li@delta.example',
        grade: 3,
        website: 'pumps-100%.example',
      },
    ];
    for (const c of seed) expect((await post('/api/customer/create/', c)).status).toBe(200);

    expect(names(await list({ q: 'baltic' }))).toEqual(['Baltic Steel']);
    expect(names(await list({ q: '+371' }))).toEqual(['Baltic Steel']);
    expect(names(await list({ q: '大客户' }))).toEqual(['Cairo Foods']);
    expect(names(await list({ q: '100%' }))).toEqual(['Delta Pumps']);
    expect(names(await list({ q: '%' }))).toEqual(['Delta Pumps']);
    expect(names(await list({ grade: 3, sort: 'company_name' }))).toEqual(['Cairo Foods', 'Delta Pumps']);
    expect(names(await list({ grade: '1,2', sort: 'company_name' }))).toEqual([
      'Acme Trading',
      'Baltic Steel',
    ]);
    expect(names(await list({ nation: 7, sort: '-company_name' }))).toEqual(['Baltic Steel', 'Acme Trading']);
    expect(names(await list({ owner: 'me' }, editor))).toEqual(['Acme Trading']);

    const page = await list({ page: 2, page_size: 3, sort: 'company_name' });
    expect(page.body.data).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(names(page)).toEqual(['Delta Pumps']);
    const beyond = await list({ page: 9, page_size: 3 });
    expect(beyond.body.data.items).toEqual([]);
    expect(beyond.body.data.total).toBe(4);
  });

  it('sorts by last received with never-written customers last', async () => {
    await t.database.db.execute(
      sql`UPDATE customers SET last_received_at = now() - (id || ' hours')::interval WHERE company_name IN ('Cairo Foods', 'Delta Pumps')`,
    );
    const res = await list({ sort: '-last_received_at' });
    expect(names(res).slice(0, 2)).toEqual(['Cairo Foods', 'Delta Pumps']);
  });

  it('updates a customer and keeps the email rule', async () => {
    const acme = (await list({ q: 'acme' })).body.data.items[0];
    const res = await post(
      '/api/customer/update/',
      { id: acme.id, grade: 3, remark: 'Ordered twice' },
      editor,
    );
    expect(res.body.data).toMatchObject({ grade: 3, remark: 'Ordered twice', company_name: 'Acme Trading' });
    const clash = await post('/api/customer/update/', { id: acme.id, email: 'anna@baltic.example' });
    expect(clash.status).toBe(409);
    const unnamed = await post('/api/customer/update/', { id: acme.id, company_name: '', name: '' });
    expect(unnamed.status).toBe(400);
  });

  it('bulk-changes grade and owner', async () => {
    const all = (await list({})).body.data.items.map((c: { id: number }) => c.id);
    const res = await post('/api/customer/bulk_update/', { ids: all, grade: 4 }, editor);
    expect(res.body.data.count).toBe(4);
    expect((await list({ grade: 4 })).body.data.total).toBe(4);
  });

  it('soft-deletes (admin), lists the bin, restores within 30 days, and frees the email meanwhile', async () => {
    const baltic = (await list({ q: 'baltic' })).body.data.items[0];
    expect((await post('/api/customer/delete/', { ids: [baltic.id] }, editor)).body.code).toBe('FORBIDDEN');
    expect((await post('/api/customer/delete/', { ids: [baltic.id] })).body.data.count).toBe(1);
    expect((await list({ q: 'baltic' })).body.data.total).toBe(0);
    const detail = await call(t.app, 'GET', '/api/customer/detail/', {
      token: t.adminToken,
      query: { id: baltic.id },
    });
    expect(detail.status).toBe(404);
    const bin = await call(t.app, 'GET', '/api/customer/deleted/', { token: t.adminToken });
    expect(bin.body.data.items.map((c: { id: number }) => c.id)).toEqual([baltic.id]);

    expect((await post('/api/customer/restore/', { ids: [baltic.id] })).body.data.count).toBe(1);
    expect((await list({ q: 'baltic' })).body.data.total).toBe(1);

    await post('/api/customer/delete/', { ids: [baltic.id] });
    await t.database.db.execute(
      sql`UPDATE customers SET deleted_at = now() - interval '31 days' WHERE id = ${baltic.id}`,
    );
    const late = await post('/api/customer/restore/', { ids: [baltic.id] });
    expect(late.status).toBe(409);
    expect(late.body.msg).toMatch(/more than 30 days/);
  });

  it('merges two records of one buyer, choosing values per field', async () => {
    const a = await post('/api/customer/create/', {
      company_name: 'Eagle Co',
      email: 'buy@eagle.example',
      phone: '1',
    });
    const b = await post('/api/customer/create/', {
      company_name: 'Eagle Company Ltd',
      email: 'boss@eagle.example',
      phone: '2',
      grade: 3,
    });
    const res = await post('/api/customer/merge/', {
      survivor_id: a.body.data.id,
      merged_id: b.body.data.id,
      take_from_merged: ['company_name', 'grade'],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: a.body.data.id,
      company_name: 'Eagle Company Ltd',
      email: 'buy@eagle.example',
      phone: '1',
      grade: 3,
    });
    expect(res.body.data.remark).toContain('boss@eagle.example');
    const gone = await call(t.app, 'GET', '/api/customer/detail/', {
      token: t.adminToken,
      query: { id: b.body.data.id },
    });
    expect(gone.status).toBe(404);
    const same = await post('/api/customer/merge/', {
      survivor_id: a.body.data.id,
      merged_id: a.body.data.id,
    });
    expect(same.status).toBe(400);
  });
});
