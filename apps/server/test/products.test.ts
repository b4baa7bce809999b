import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { purgeDeletedProducts } from '../src/modules/products/service';
import { call, createTestApp, type TestApp } from './helpers';

let t: TestApp;
let editor: string;
beforeAll(async () => {
  t = await createTestApp();
  editor = await t.userToken(['editor'], 'sally');
});

const post = (url: string, body: object, token = t.adminToken) => call(t.app, 'POST', url, { token, body });
const get = (url: string, query: Record<string, string | number> = {}, token = t.adminToken) =>
  call(t.app, 'GET', url, { token, query });
const list = (query: Record<string, string | number> = {}) => get('/api/product/list/', query);
const names = (res: Awaited<ReturnType<typeof list>>) =>
  res.body.data.items.map((p: { name: string }) => p.name);
const create = async (body: object) => {
  const res = await post('/api/product/create/', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; [k: string]: unknown };
};
const category = async (name: string, parent_id: number | null = null) => {
  const res = await post('/api/product_category/create/', { name, parent_id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; name: string; parent_id: number | null; sort_order: number };
};

describe('products', () => {
  it('creates a product with every field of spec §3, prices as exact decimal strings', async () => {
    const kitchen = await category('Kitchen');
    const res = await post('/api/product/create/', {
      name: ' Electric Kettle 1.7 L ',
      factory: 'Ningbo Homeware Co.',
      category_id: kitchen.id,
      model: 'EK-1701',
      advantage: 'Boils in 3 minutes\nAuto shut-off',
      tech_params: [
        { key: 'Material', value: '304 stainless' },
        { key: '', value: '' },
        { key: 'Power', value: '2200 W' },
      ],
      packaging: '1 pc / colour box, 12 pcs / carton, 60×40×35 cm, 14.5 kg',
      price: '12.350',
      currency: 'EUR',
      moq: '500',
      unit: 'carton',
      published: true,
      remark: 'Factory needs 30 days',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Electric Kettle 1.7 L',
      factory: 'Ningbo Homeware Co.',
      category_id: kitchen.id,
      category: 'Kitchen',
      model: 'EK-1701',
      tech_params: [
        { key: 'Material', value: '304 stainless' },
        { key: 'Power', value: '2200 W' },
      ],
      price: '12.35',
      currency: 'EUR',
      moq: '500',
      unit: 'carton',
      published: true,
      pictures: [],
      deleted_at: null,
    });
    const detail = await get('/api/product/detail/', { id: res.body.data.id });
    expect(detail.body.data.price).toBe('12.35');

    const bare = await create({ name: 'Sample only' });
    expect(bare).toMatchObject({ price: null, moq: null, currency: 'USD', unit: 'pcs', published: false });
  });

  it('keeps prices exactly, to four places, and sorts them as numbers', async () => {
    const tiny = await create({ name: 'Cable tie', price: '0.0125', moq: '10000.5' });
    expect(tiny).toMatchObject({ price: '0.0125', moq: '10000.5' });
    const huge = await create({ name: 'Production line', price: '99999999999999.9999' });
    expect(huge.price).toBe('99999999999999.9999');
    await create({ name: 'Nine fifty', price: '9.5' });
    await create({ name: 'Ten', price: '10' });
    const sorted = await list({ sort: 'price', price_min: '0.01', price_max: '10' });
    expect(names(sorted)).toEqual(['Cable tie', 'Nine fifty', 'Ten']);
    const { rows } = await t.database.query<{ sum: string }>(
      "SELECT sum(price)::text AS sum FROM products WHERE name IN ('Cable tie', 'Ten')",
    );
    expect(rows[0]!.sum).toBe('10.0125');
  });

  it('validates per field, in the language of the caller, and never answers 500 to bad input', async () => {
    const res = await call(t.app, 'POST', '/api/product/create/', {
      token: t.adminToken,
      body: { name: '', price: 12.35, moq: '-1', currency: 'XXX', unit: 'bucket' },
      headers: { cookie: 'language=zh' },
    });
    expect(res.status).toBe(400);
    const fields = res.body.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'price', 'moq', 'currency', 'unit']));
    expect(res.body.details).toContainEqual({ field: 'name', msg: '请填写名称' });
    expect(res.body.details).toContainEqual({ field: 'moq', msg: '请输入数字，例如 12.35' });

    const precise = await post('/api/product/create/', { name: 'X', price: '1.23456', moq: '1.2345' });
    expect(precise.body.details).toEqual([
      { field: 'price', msg: 'At most 4 decimal places' },
      { field: 'moq', msg: 'At most 3 decimal places' },
    ]);
    for (const bad of [
      { name: 'Nul\u0000byte' },
      { name: 'X', price: '1e5' },
      { name: 'X', price: '123456789012345' },
      { name: 'X', category_id: 2147483648 },
      { name: 'X', pictures: [{ file_id: 99999999999 }] },
    ]) {
      const r = await post('/api/product/create/', bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await post('/api/product/create/', { name: 'X', category_id: 999 })).body.details).toEqual([
      { field: 'category_id', msg: 'No such category' },
    ]);
    expect((await get('/api/product/detail/', { id: '2147483648' })).status).toBe(400);
    expect((await get('/api/product/detail/', { id: 2147483647 })).status).toBe(404);
    expect((await list({ q: 'a\u0000b' })).status).toBe(400);
  });

  it('keeps one live product per model, naming the one that has it', async () => {
    const clash = await post('/api/product/create/', { name: 'Copy', model: 'ek-1701' });
    expect(clash.status).toBe(409);
    expect(clash.body.msg).toBe('The model ek-1701 already belongs to product "Electric Kettle 1.7 L" (#1)');
    expect(clash.body.details).toMatchObject({ field: 'model' });
  });

  it('manages two levels of categories: create, rename, reorder, delete only when empty', async () => {
    const garden = await category('Garden');
    const tools = await category('Tools', garden.id);
    expect(tools).toMatchObject({ parent_id: garden.id, sort_order: 0 });
    const third = await post('/api/product_category/create/', { name: 'Deep', parent_id: tools.id });
    expect(third.status).toBe(400);
    expect(third.body.details).toEqual([
      {
        field: 'parent_id',
        msg: 'Categories have two levels: a subcategory cannot hold subcategories of its own',
      },
    ]);
    const twin = await post('/api/product_category/create/', { name: 'garden', parent_id: null });
    expect(twin.status).toBe(409);

    const renamed = await post('/api/product_category/update/', { id: tools.id, name: 'Garden tools' });
    expect(renamed.body.data.name).toBe('Garden tools');
    const seeds = await category('Seeds', garden.id);
    const reordered = await post('/api/product_category/reorder/', {
      parent_id: garden.id,
      ids: [seeds.id, tools.id],
    });
    expect(reordered.status).toBe(200);
    const listed = (await get('/api/product_category/list/')).body.data as { name: string }[];
    expect(listed.map((c) => c.name)).toEqual(['Kitchen', 'Garden', 'Seeds', 'Garden tools']);
    const partial = await post('/api/product_category/reorder/', { parent_id: garden.id, ids: [seeds.id] });
    expect(partial.status).toBe(400);

    const rake = await create({ name: 'Steel rake', category_id: tools.id });
    expect(rake.category).toBe('Garden / Garden tools');
    const busy = await post('/api/product_category/delete/', { ids: [tools.id] });
    expect(busy.status).toBe(409);
    expect(busy.body.msg).toBe(
      'Category "Garden tools" still holds 1 products and 0 subcategories; move them first',
    );
    expect((await post('/api/product_category/delete/', { ids: [garden.id] })).status).toBe(409);
    expect((await post('/api/product_category/delete/', { ids: [seeds.id] })).body.data.count).toBe(1);
    const counts = (await get('/api/product_category/list/')).body.data as {
      name: string;
      product_count: number;
    }[];
    expect(counts.find((c) => c.name === 'Garden tools')?.product_count).toBe(1);
  });

  it('searches name, model, factory, category and advantage; filters; sorts; pages', async () => {
    expect(names(await list({ q: 'kettle' }))).toEqual(['Electric Kettle 1.7 L']);
    expect(names(await list({ q: 'EK-17' }))).toEqual(['Electric Kettle 1.7 L']);
    expect(names(await list({ q: 'ningbo' }))).toEqual(['Electric Kettle 1.7 L']);
    expect(names(await list({ q: 'auto shut' }))).toEqual(['Electric Kettle 1.7 L']);
    expect(names(await list({ q: 'garden' }))).toEqual(['Steel rake']);
    expect(names(await list({ q: '100%' }))).toEqual([]);

    const categories = (await get('/api/product_category/list/')).body.data as { id: number; name: string }[];
    const garden = categories.find((c) => c.name === 'Garden')!;
    const kitchen = categories.find((c) => c.name === 'Kitchen')!;
    expect(names(await list({ category: garden.id }))).toEqual(['Steel rake']);
    expect(names(await list({ category: `${garden.id},${kitchen.id}`, sort: 'name' }))).toEqual([
      'Electric Kettle 1.7 L',
      'Steel rake',
    ]);
    expect(names(await list({ published: 'true' }))).toEqual(['Electric Kettle 1.7 L']);
    expect(names(await list({ currency: 'EUR' }))).toEqual(['Electric Kettle 1.7 L']);
    expect(names(await list({ factory: 'NINGBO' }))).toEqual(['Electric Kettle 1.7 L']);
    expect(names(await list({ sort: '-price', price_min: '9' }))).toEqual([
      'Production line',
      'Electric Kettle 1.7 L',
      'Ten',
      'Nine fifty',
    ]);

    const page = await list({ page: 2, page_size: 3, sort: 'name' });
    expect(page.body.data).toMatchObject({ total: 7, page: 2, page_size: 3 });
    expect(names(page)).toEqual(['Production line', 'Sample only', 'Steel rake']);
  });

  it('updates fields, keeping the model rule and what is left out', async () => {
    const rake = (await list({ q: 'rake' })).body.data.items[0];
    const res = await post('/api/product/update/', { id: rake.id, price: '7.10', model: 'SR-1' });
    expect(res.body.data).toMatchObject({ price: '7.1', model: 'SR-1', category: 'Garden / Garden tools' });
    expect((await post('/api/product/update/', { id: rake.id, model: 'EK-1701' })).status).toBe(409);
    expect((await post('/api/product/update/', { id: rake.id, category_id: null })).body.data.category).toBe(
      '',
    );
  });

  it('bulk-publishes, moves category, deletes to a bin and restores within 30 days', async () => {
    const all = (await list({ page_size: 100 })).body.data.items.map((p: { id: number }) => p.id);
    expect((await post('/api/product/bulk_update/', { ids: all, published: true })).body.data.count).toBe(7);
    expect((await list({ published: 'false' })).body.data.total).toBe(0);
    const kitchen = (
      (await get('/api/product_category/list/')).body.data as { id: number; name: string }[]
    ).find((c) => c.name === 'Kitchen')!;
    await post('/api/product/bulk_update/', { ids: all.slice(0, 2), category_id: kitchen.id });
    expect((await list({ category: kitchen.id })).body.data.total).toBe(3);

    const kettle = (await list({ q: 'kettle' })).body.data.items[0];
    expect((await post('/api/product/delete/', { ids: [kettle.id] })).body.data.count).toBe(1);
    expect((await list({ q: 'kettle' })).body.data.total).toBe(0);
    expect((await get('/api/product/detail/', { id: kettle.id })).status).toBe(404);
    const bin = await get('/api/product/deleted/');
    expect(bin.body.data.items.map((p: { id: number }) => p.id)).toEqual([kettle.id]);

    // Meanwhile its model is free; restoring while another product took it is refused.
    const twin = await create({ name: 'Kettle twin', model: 'EK-1701' });
    const refused = await post('/api/product/restore/', { ids: [kettle.id] });
    expect(refused.status).toBe(409);
    await post('/api/product/delete/', { ids: [twin.id] });
    expect((await post('/api/product/restore/', { ids: [kettle.id] })).body.data.count).toBe(1);

    await post('/api/product/delete/', { ids: [kettle.id] });
    await t.database.db.execute(
      sql`UPDATE products SET deleted_at = now() - interval '31 days' WHERE id = ${kettle.id}`,
    );
    const late = await post('/api/product/restore/', { ids: [kettle.id] });
    expect(late.status).toBe(409);
    expect(late.body.msg).toMatch(/more than 30 days/);
    // The hourly maintenance removes it for good.
    await purgeDeletedProducts(t.database.db);
    expect((await get('/api/product/deleted/')).body.data.items.map((p: { id: number }) => p.id)).toEqual([
      twin.id,
    ]);
  });

  it('lets every signed-in user pick products through options; everything else is admin-only', async () => {
    const options = await get('/api/product/options/', { q: 'rake' }, editor);
    expect(options.status).toBe(200);
    expect(options.body.data).toEqual([
      {
        id: expect.any(Number),
        name: 'Steel rake',
        model: 'SR-1',
        thumb_url: null,
        price: '7.1',
        currency: 'USD',
        unit: 'pcs',
      },
    ]);
    const byId = await get('/api/product/options/', { ids: String(options.body.data[0].id) }, editor);
    expect(byId.body.data.map((o: { name: string }) => o.name)).toEqual(['Steel rake']);
    for (const [method, url] of [
      ['GET', '/api/product/list/'],
      ['GET', '/api/product_category/list/'],
      ['POST', '/api/product/create/'],
    ] as const) {
      const res = await call(t.app, method, url, {
        token: editor,
        body: method === 'POST' ? { name: 'x' } : undefined,
      });
      expect(res.status, url).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
  });
});
