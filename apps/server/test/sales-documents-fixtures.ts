import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { expect } from 'vitest';
import {
  customers as customerTable,
  emailAccounts,
  emailAccountUsers,
  invoices,
  orders,
  packingLists,
  quotations,
} from '../src/db/schema';
import { type AnyBody, call, createTestApp, type TestApp } from './helpers';
import { multipartFile } from './multipart';

/**
 * The world of test/sales-documents.test.ts: two salespeople (lily, tom), an editor, the admin; a
 * customer of each salesperson and one in the pool; for every document kind a record of each class
 * (lily's own, tom's, one the admin made for lily's customer, one the admin made for the pool
 * customer), each with a line picture of its own.
 */
export type Caller = 'admin' | 'salesOwner' | 'salesOther' | 'editor' | 'noToken';
export type Cls = 'own' | 'others' | 'herCustomer' | 'pool';
export const CALLERS: Caller[] = ['admin', 'salesOwner', 'salesOther', 'editor', 'noToken'];
export const CLASSES: Cls[] = ['own', 'others', 'herCustomer', 'pool'];
export type Kind = 'quotation' | 'order' | 'invoice' | 'packing';
export type Doc = { id: number; number: string; picture?: number };

export type World = {
  t: TestApp;
  tokens: Record<Caller, string | undefined>;
  userIds: Record<'admin' | 'lily' | 'tom', number>;
  customers: Record<'lily' | 'tom' | 'pool', number>;
  accounts: Record<'lily' | 'tom', number>;
  product: number;
  docs: Record<Kind, Record<Cls, Doc>>;
  /** A fresh record of the kind and class (for calls that use one up: delete, make order). */
  make(kind: Kind, cls: Cls): Promise<Doc>;
};

const TABLES = { quotation: quotations, order: orders, invoice: invoices, packing: packingLists };

export async function buildWorld(): Promise<World> {
  const t = await createTestApp();
  const admin = t.adminToken;
  const tokens: Record<Caller, string | undefined> = {
    admin,
    salesOwner: await t.userToken(['sales'], 'lily'),
    salesOther: await t.userToken(['sales'], 'tom'),
    editor: await t.userToken(['editor'], 'ed'),
    noToken: undefined,
  };
  const idOf = async (token: string | undefined) =>
    (await call(t.app, 'GET', '/api/user_info/', { token })).body.data.id as number;
  const userIds = {
    admin: await idOf(admin),
    lily: await idOf(tokens.salesOwner),
    tom: await idOf(tokens.salesOther),
  };
  const ok = (res: { status: number; body: AnyBody }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const post = async (url: string, body: object) =>
    ok(await call(t.app, 'POST', url, { token: admin, body }));

  const customer = async (name: string, ownerId: number | null) => {
    const made = await post('/api/customer/create/', { company_name: name, email: `buyer@${name}.test` });
    await t.database.db.update(customerTable).set({ ownerId }).where(eq(customerTable.id, made.id));
    return made.id as number;
  };
  const customers = {
    lily: await customer('lilys', userIds.lily),
    tom: await customer('toms', userIds.tom),
    pool: await customer('pooled', null),
  };

  const account = async (name: string, userId: number) => {
    const [row] = await t.database.db
      .insert(emailAccounts)
      .values({
        address: `${name}@quayside.test`,
        imapHost: '127.0.0.1',
        imapUser: name,
        smtpHost: '127.0.0.1',
      })
      .returning({ id: emailAccounts.id });
    await t.database.db.insert(emailAccountUsers).values({ accountId: row!.id, userId });
    return row!.id;
  };
  const accounts = { lily: await account('lily', userIds.lily), tom: await account('tom', userIds.tom) };

  const product = (await post('/api/product/create/', { name: 'Kettle', model: 'KT-1' })).id as number;

  /** A prepared picture of nothing but the document that takes it; its 160 px thumbnail's file id. */
  let shade = 0;
  const picture = async () => {
    const photo = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 40 + shade++, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const { payload, headers } = multipartFile('line.jpg', photo);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload/',
      payload,
      headers: { ...headers, 'x-token': admin },
    });
    const fileId = res.json().data.id as number;
    const prepared = await post('/api/product/prepare_picture/', { file_id: fileId });
    return { fileId, thumb: Number(new URL(prepared.thumb_url, 'http://x').searchParams.get('id')) };
  };
  const line = (pictureId: number | null, productId: number | null = null) => ({
    description: 'Kettle 1.7 l',
    model: 'KT-1',
    quantity: '10',
    unit: 'pcs',
    unit_price: '12.5',
    product_id: productId,
    picture_file_id: pictureId,
  });
  const customerOf = (cls: Cls) =>
    ({ own: customers.lily, others: customers.tom, herCustomer: customers.lily, pool: customers.pool })[cls];
  const ownerOf = (cls: Cls) =>
    ({ own: userIds.lily, others: userIds.tom, herCustomer: userIds.admin, pool: userIds.admin })[cls];
  const own = async (kind: Kind, cls: Cls, id: number) => {
    const table = TABLES[kind];
    await t.database.db
      .update(table)
      .set({ ownerId: ownerOf(cls) })
      .where(eq(table.id, id));
  };

  const baseOrders = {} as Record<Cls, number>;
  const make = async (kind: Kind, cls: Cls, withPicture = false, withProduct = false): Promise<Doc> => {
    const pic = withPicture ? await picture() : undefined;
    const items = [line(pic?.fileId ?? null, withProduct ? product : null)];
    let made: { id: number; number: string };
    if (kind === 'quotation') {
      made = await post('/api/quotation/create/', {
        customer_id: customerOf(cls),
        contact_email: 'buyer@buyer.test',
        items,
      });
    } else if (kind === 'order') {
      made = await post('/api/order/create/', { customer_id: customerOf(cls), items });
    } else {
      const orderId = baseOrders[cls];
      made =
        kind === 'invoice'
          ? await post('/api/invoice/create_from_order/', { order_id: orderId, kind: 'proforma' })
          : await post('/api/packing_list/create_from_order/', { order_id: orderId });
      if (kind === 'invoice' && pic)
        made = await post('/api/invoice/update/', { id: made.id, version: 1, items });
    }
    await own(kind, cls, made.id);
    return { id: made.id, number: made.number, picture: pic?.thumb };
  };
  for (const cls of CLASSES) baseOrders[cls] = (await make('order', cls)).id;

  const docs = {} as World['docs'];
  for (const kind of ['quotation', 'order', 'invoice', 'packing'] as Kind[]) {
    docs[kind] = {} as Record<Cls, Doc>;
    for (const cls of CLASSES)
      docs[kind][cls] = await make(kind, cls, kind !== 'packing', kind === 'quotation');
  }
  return { t, tokens, userIds, customers, accounts, product, docs, make: (kind, cls) => make(kind, cls) };
}

/** Every text cell of an .xlsx answer, joined: enough to see whether a document's number is in it. */
export async function workbookText(bytes: Buffer): Promise<string> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const texts: string[] = [];
  for (const sheet of book.worksheets)
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        texts.push(String(cell.value ?? ''));
      });
    });
  return texts.join('\n');
}
