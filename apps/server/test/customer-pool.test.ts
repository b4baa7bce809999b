import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  customerOwnerChanges,
  customers,
  emailAccounts,
  emailAccountUsers,
  invoices,
  orders,
  quotations,
  settings,
  users,
} from '../src/db/schema';
import { autoReturnCustomers, customersReturningSoon } from '../src/modules/customers/auto-return';
import { FREE_MAIL_DOMAINS } from '../src/modules/customers/duplicates';
import { call, createTestApp, type TestApp } from './helpers';
import { multipartFile } from './multipart';

/**
 * The sales role on customers and the customer pool (issue 32): who reads and changes which
 * customer, claim (its race and cap), release, transfer, auto-return and the duplicate rules.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (where the races are real).
 */
let t: TestApp;
let lily: string;
let tom: string;
let editor: string;
const id = { lily: 0, tom: 0, admin: 0 };

beforeAll(async () => {
  t = await createTestApp();
  lily = await t.userToken(['sales'], 'lily');
  tom = await t.userToken(['sales'], 'tom');
  editor = await t.userToken(['editor'], 'ed');
  const rows = await t.database.db.select({ id: users.id, username: users.username }).from(users);
  for (const r of rows) if (r.username in id) id[r.username as keyof typeof id] = r.id;
});

const post = (url: string, body: object, token?: string, lang = 'en') =>
  call(t.app, 'POST', url, { token, body, headers: { 'accept-language': lang } });
const get = (url: string, query: Record<string, string | number>, token?: string) =>
  call(t.app, 'GET', url, { token, query });

let seq = 0;
/** A customer made by the admin with this owner (null: the pool). */
async function customer(owner: number | null, fields: Record<string, string> = {}): Promise<number> {
  const res = await post(
    '/api/customer/create/',
    { company_name: `Buyer ${++seq} Ltd`, owner_id: owner, ...fields },
    t.adminToken,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}
const ownerOf = async (customerId: number) =>
  (
    await t.database.db.select({ o: customers.ownerId }).from(customers).where(eq(customers.id, customerId))
  )[0]?.o;
async function setPool(value: { customer_cap: number; auto_return_days: number | null }) {
  await t.database.db
    .insert(settings)
    .values({ key: 'pool', value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}
async function exported(token: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/customer/export/',
    headers: { 'x-token': token },
  });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const names: string[] = [];
  wb.worksheets[0]!.eachRow((r, n) => {
    if (n > 1) names.push(String(r.getCell(2).value));
  });
  return names;
}

describe('who reads and changes which customer', () => {
  let mine: number;
  let theirs: number;
  let pooled: number;
  let admins: number;
  let names: Record<string, string>;
  beforeAll(async () => {
    mine = await customer(id.lily);
    theirs = await customer(id.tom);
    pooled = await customer(null);
    admins = await customer(id.admin);
    names = Object.fromEntries(
      (
        await t.database.db
          .select({ id: customers.id, name: customers.companyName })
          .from(customers)
          .where(inArray(customers.id, [mine, theirs, pooled, admins]))
      ).map((r) => [r.id, r.name]),
    );
  });

  const listed = async (token: string, query: Record<string, string | number> = {}) =>
    (await get('/api/customer/list/', { page_size: 100, ...query }, token)).body.data.items.map(
      (c: { id: number }) => c.id,
    ) as number[];

  it('lists: admin and editor every customer, a salesperson hers and the pool, no token nothing', async () => {
    for (const token of [t.adminToken, editor]) {
      expect(await listed(token)).toEqual(expect.arrayContaining([mine, theirs, pooled, admins]));
    }
    const lilys = await listed(lily);
    expect(lilys).toEqual(expect.arrayContaining([mine, pooled]));
    expect(lilys).not.toContain(theirs);
    expect(lilys).not.toContain(admins);
    const res = await get('/api/customer/list/', { page_size: 100 }, lily);
    expect(res.body.data.total).toBe(lilys.length);
    expect(await listed(lily, { owner: 'pool' })).toContain(pooled);
    expect(await listed(lily, { owner: 'pool' })).not.toContain(mine);
    expect(await listed(lily, { owner: 'me' })).toEqual([mine]);
    expect(await listed(lily, { owner: id.tom })).toEqual([]);
    expect(await listed(tom)).not.toContain(mine);
    const none = await get('/api/customer/list/', {});
    expect([none.status, none.body.code]).toEqual([403, 'AUTH_REQUIRED']);
  });

  it('answers a detail of another salesperson’s customer exactly like a missing one', async () => {
    for (const token of [t.adminToken, editor]) {
      for (const c of [mine, theirs, pooled, admins])
        expect((await get('/api/customer/detail/', { id: c }, token)).status).toBe(200);
    }
    expect((await get('/api/customer/detail/', { id: mine }, lily)).status).toBe(200);
    expect((await get('/api/customer/detail/', { id: pooled }, lily)).status).toBe(200);
    const other = await get('/api/customer/detail/', { id: theirs }, lily);
    const missing = await get('/api/customer/detail/', { id: 999_999 }, lily);
    expect(other.status).toBe(403);
    expect(other.body).toEqual(missing.body);
    expect(other.body.code).toBe('FORBIDDEN');
    expect(JSON.stringify(other.body)).not.toContain(names[theirs]);
    expect((await get('/api/customer/detail/', { id: admins }, lily)).status).toBe(403);
    expect((await get('/api/customer/detail/', { id: 999_999 }, t.adminToken)).status).toBe(404);
    expect((await get('/api/customer/detail/', { id: mine })).body.code).toBe('AUTH_REQUIRED');
  });

  it('exports what the caller may list', async () => {
    const lilys = await exported(lily);
    expect(lilys).toEqual(expect.arrayContaining([names[mine], names[pooled]]));
    expect(lilys).not.toContain(names[theirs]);
    expect(lilys).not.toContain(names[admins]);
    expect(await exported(t.adminToken)).toEqual(
      expect.arrayContaining([names[mine], names[theirs], names[pooled], names[admins]]),
    );
    expect((await get('/api/customer/export/', {})).status).toBe(403);
  });

  it('lets a salesperson edit her own customers only; a pool customer is claimed first', async () => {
    const edit = (c: number, token?: string, more: object = {}) =>
      post('/api/customer/update/', { id: c, remark: 'called', ...more }, token);
    expect((await edit(mine, lily)).status).toBe(200);
    for (const c of [theirs, pooled, admins, 999_999]) {
      const res = await edit(c, lily);
      expect([c, res.status, res.body.code]).toEqual([c, 403, 'FORBIDDEN']);
    }
    for (const c of [mine, theirs, pooled, admins]) {
      expect((await edit(c, t.adminToken)).status).toBe(200);
      expect((await edit(c, editor)).status).toBe(200);
    }
    expect((await edit(mine)).body.code).toBe('AUTH_REQUIRED');
    // She never hands a customer to someone else.
    const give = await edit(mine, lily, { owner_id: id.tom });
    expect([give.status, give.body.code]).toEqual([403, 'FORBIDDEN']);
    expect(await ownerOf(mine)).toBe(id.lily);
    const bulk = await post('/api/customer/bulk_update/', { ids: [mine, pooled], grade: 2 }, lily);
    expect(bulk.status).toBe(403);
    const bulkOwn = await post('/api/customer/bulk_update/', { ids: [mine], grade: 2 }, lily);
    expect(bulkOwn.body.data).toEqual({ count: 1 });
    const bulkGive = await post('/api/customer/bulk_update/', { ids: [mine], owner_id: id.tom }, lily);
    expect(bulkGive.status).toBe(403);
  });

  it('makes a salesperson’s new customer hers (or the pool’s), never another’s', async () => {
    const made = await post('/api/customer/create/', { company_name: 'Lily Found It' }, lily);
    expect(made.body.data.owner_id).toBe(id.lily);
    const pool = await post('/api/customer/create/', { company_name: 'For Everyone', owner_id: null }, lily);
    expect(pool.body.data.owner_id).toBeNull();
    const forTom = await post('/api/customer/create/', { company_name: 'For Tom', owner_id: id.tom }, lily);
    expect(forTom.status).toBe(403);
    // An editor's customers and an admin's work as before.
    const byEditor = await post(
      '/api/customer/create/',
      { company_name: 'Editor Co', owner_id: id.tom },
      editor,
    );
    expect(byEditor.body.data.owner_id).toBe(id.tom);
  });

  it('lets a salesperson edit her own profile', async () => {
    const res = await post('/api/profile/update/', { name: 'Lily C.', introduction: 'Europe' }, lily);
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Lily C.');
  });
});

describe('claim', () => {
  it('takes a pool customer into her list with an audit line; an editor may not claim', async () => {
    const c = await customer(null);
    const res = await post('/api/customer/claim/', { ids: [c] }, lily);
    expect(res.body.data).toEqual({ count: 1 });
    expect(await ownerOf(c)).toBe(id.lily);
    const audit = await t.database.db
      .select()
      .from(customerOwnerChanges)
      .where(eq(customerOwnerChanges.customerId, c));
    expect(audit).toMatchObject([
      { fromUserId: null, toUserId: id.lily, byUserId: id.lily, reason: 'claim' },
    ]);
    // Now hers: not in the pool any more, for her or for anyone.
    const again = await post('/api/customer/claim/', { ids: [c] }, lily);
    expect([again.status, again.body.code]).toEqual([409, 'CONFLICT']);
    const byTom = await post('/api/customer/claim/', { ids: [c] }, tom);
    expect([byTom.status, byTom.body.code]).toEqual([409, 'CONFLICT']);
    // A missing customer answers exactly the same: claims probe nothing.
    const missing = await post('/api/customer/claim/', { ids: [999_999] }, tom);
    expect(missing.body.msg.replace('999999', String(c))).toBe(byTom.body.msg);
    expect((await post('/api/customer/claim/', { ids: [c] }, editor)).status).toBe(403);
    expect((await post('/api/customer/claim/', { ids: [c] })).body.code).toBe('AUTH_REQUIRED');
  });

  it('lets one of two claims at the same moment win; the other gets 409 and nothing', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await customer(null);
      const b = await customer(null);
      const [first, second] = await Promise.all([
        post('/api/customer/claim/', { ids: [a, b] }, lily),
        post('/api/customer/claim/', { ids: [b, a] }, tom),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      const winner = first.status === 200 ? id.lily : id.tom;
      expect([await ownerOf(a), await ownerOf(b)]).toEqual([winner, winner]);
      const lines = await t.database.db
        .select()
        .from(customerOwnerChanges)
        .where(inArray(customerOwnerChanges.customerId, [a, b]));
      expect(lines.map((l) => l.toUserId)).toEqual([winner, winner]);
    }
  });

  it('refuses a claim past the company cap, naming it, in both languages; admins are exempt', async () => {
    const capped = await t.userToken(['sales'], 'capped');
    const [me] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'capped'));
    await customer(me!.id);
    await setPool({ customer_cap: 3, auto_return_days: null });
    try {
      const a = await customer(null);
      const b = await customer(null);
      const c = await customer(null);
      const over = await post('/api/customer/claim/', { ids: [a, b, c] }, capped);
      expect([over.status, over.body.code]).toEqual([409, 'CONFLICT']);
      expect(over.body.msg).toContain('3');
      const zh = await post('/api/customer/claim/', { ids: [a, b, c] }, capped, 'zh');
      expect(zh.body.msg).toContain('上限（3）');
      expect(await ownerOf(a)).toBeNull();
      // Two claims of hers at once, each within the cap alone: the second counts the first.
      const [one, two] = await Promise.all([
        post('/api/customer/claim/', { ids: [a] }, capped),
        post('/api/customer/claim/', { ids: [b, c] }, capped),
      ]);
      expect([one.status, two.status].sort()).toEqual([200, 409]);
      const admin = await post('/api/customer/claim/', { ids: [c] }, t.adminToken);
      if (two.status === 200) expect(admin.status).toBe(409);
      else expect(admin.body.data).toEqual({ count: 1 });
    } finally {
      await setPool({ customer_cap: 2000, auto_return_days: null });
    }
  });
});

describe('release', () => {
  it('puts her own customers back in the pool; not another’s, not the pool’s; an admin any', async () => {
    const mine = await customer(id.lily);
    const theirs = await customer(id.tom);
    const pooled = await customer(null);
    const [q] = await t.database.db
      .insert(quotations)
      .values({ number: `QT-REL-${mine}`, customerId: mine, ownerId: id.lily, currency: 'USD', total: '1' })
      .returning();
    for (const c of [theirs, pooled]) {
      expect((await post('/api/customer/release/', { ids: [mine, c] }, lily)).status).toBe(403);
    }
    expect(await ownerOf(mine)).toBe(id.lily);
    expect((await post('/api/customer/release/', { ids: [mine] }, lily)).body.data).toEqual({ count: 1 });
    expect(await ownerOf(mine)).toBeNull();
    // Her quotation stays hers: she made it.
    const [kept] = await t.database.db.select().from(quotations).where(eq(quotations.id, q!.id));
    expect(kept?.ownerId).toBe(id.lily);
    const [line] = await t.database.db
      .select()
      .from(customerOwnerChanges)
      .where(and(eq(customerOwnerChanges.customerId, mine), eq(customerOwnerChanges.reason, 'release')));
    expect(line).toMatchObject({ fromUserId: id.lily, toUserId: null, byUserId: id.lily });
    expect((await post('/api/customer/release/', { ids: [theirs] }, t.adminToken)).body.data).toEqual({
      count: 1,
    });
    // A pool customer claimed by someone else: its documents without an owner go with it.
    const [loose] = await t.database.db
      .insert(quotations)
      .values({ number: `QT-LOOSE-${theirs}`, customerId: theirs, currency: 'USD', total: '1' })
      .returning();
    await post('/api/customer/claim/', { ids: [theirs] }, lily);
    const [taken] = await t.database.db.select().from(quotations).where(eq(quotations.id, loose!.id));
    expect(taken?.ownerId).toBe(id.lily);
  });
});

describe('transfer', () => {
  it('hands a leaving salesperson’s customers, open documents and mailboxes to another, in one go', async () => {
    const leaving = await t.userToken(['sales'], 'leaving');
    const heir = await t.userToken(['sales'], 'heir');
    const byName = async (u: string) =>
      (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, u)))[0]!.id;
    const [from, to] = [await byName('leaving'), await byName('heir')];
    const a = await customer(from);
    const b = await customer(from);
    const db = t.database.db;
    const [draft] = await db
      .insert(quotations)
      .values({ number: `QT-T-${a}`, customerId: a, ownerId: from, currency: 'USD', total: '1' })
      .returning();
    const [won] = await db
      .insert(quotations)
      .values({
        number: `QT-W-${a}`,
        customerId: a,
        ownerId: from,
        status: 'accepted',
        currency: 'USD',
        total: '1',
      })
      .returning();
    const [order] = await db
      .insert(orders)
      .values({ number: `SO-T-${b}`, customerId: b, ownerId: from, currency: 'USD', total: '5' })
      .returning();
    const [invoice] = await db
      .insert(invoices)
      .values({
        number: `PI-T-${b}`,
        kind: 'proforma',
        orderId: order!.id,
        customerId: b,
        ownerId: from,
        currency: 'USD',
        total: '5',
        issueDate: '2026-01-01',
      })
      .returning();
    const [account] = await db
      .insert(emailAccounts)
      .values({ address: `leaving${a}@us.example`, imapHost: 'imap.us.example', imapUser: 'x' })
      .returning();
    await db.insert(emailAccountUsers).values({ accountId: account!.id, userId: from });

    expect((await post('/api/customer/transfer/', { from_user_id: from, to_user_id: to }, lily)).status).toBe(
      403,
    );
    const res = await post(
      '/api/customer/transfer/',
      { from_user_id: from, to_user_id: to, with_mail_accounts: true },
      t.adminToken,
    );
    expect(res.body.data).toEqual({ count: 2 });
    expect([await ownerOf(a), await ownerOf(b)]).toEqual([to, to]);
    const owner = async (table: typeof quotations | typeof orders | typeof invoices, rowId: number) =>
      (await db.select({ o: table.ownerId }).from(table).where(eq(table.id, rowId)))[0]?.o;
    expect(await owner(quotations, draft!.id)).toBe(to);
    expect(await owner(orders, order!.id)).toBe(to);
    expect(await owner(invoices, invoice!.id)).toBe(to);
    // A closed quotation keeps the salesperson who won it.
    expect(await owner(quotations, won!.id)).toBe(from);
    const assigned = await db
      .select({ u: emailAccountUsers.userId })
      .from(emailAccountUsers)
      .where(eq(emailAccountUsers.accountId, account!.id));
    expect(assigned).toEqual([{ u: to }]);
    const lines = await db
      .select()
      .from(customerOwnerChanges)
      .where(
        and(inArray(customerOwnerChanges.customerId, [a, b]), eq(customerOwnerChanges.reason, 'transfer')),
      );
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ fromUserId: from, toUserId: to, byUserId: id.admin });
    // The old owner's view closes at once; the new owner's opens.
    expect((await get('/api/customer/detail/', { id: a }, leaving)).status).toBe(403);
    expect((await get('/api/customer/detail/', { id: a }, heir)).status).toBe(200);
  });

  it('moves listed customers; mailboxes only with the customers of one owner', async () => {
    const a = await customer(id.lily);
    const b = await customer(id.tom);
    const mixed = await post(
      '/api/customer/transfer/',
      { ids: [a, b], to_user_id: id.admin, with_mail_accounts: true },
      t.adminToken,
    );
    expect([mixed.status, mixed.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await ownerOf(a)).toBe(id.lily);
    const res = await post('/api/customer/transfer/', { ids: [a, b], to_user_id: id.tom }, t.adminToken);
    expect(res.body.data).toEqual({ count: 1 });
    expect([await ownerOf(a), await ownerOf(b)]).toEqual([id.tom, id.tom]);
    const same = await post(
      '/api/customer/transfer/',
      { from_user_id: id.tom, to_user_id: id.tom },
      t.adminToken,
    );
    expect(same.status).toBe(400);
    const nobody = await post('/api/customer/transfer/', { ids: [a], to_user_id: 999_999 }, t.adminToken);
    expect(nobody.status).toBe(400);
  });

  it('and a claim racing a transfer of the same pool customer leave it with one owner and one story', async () => {
    const c = await customer(null);
    const [claim, transfer] = await Promise.all([
      post('/api/customer/claim/', { ids: [c] }, lily),
      post('/api/customer/transfer/', { ids: [c], to_user_id: id.tom }, t.adminToken),
    ]);
    expect(transfer.status).toBe(200);
    expect([200, 409]).toContain(claim.status);
    const lines = await t.database.db
      .select()
      .from(customerOwnerChanges)
      .where(eq(customerOwnerChanges.customerId, c))
      .orderBy(customerOwnerChanges.id);
    expect(lines.at(-1)?.toUserId).toBe(await ownerOf(c));
    expect(await ownerOf(c)).toBe(id.tom);
  });
});

describe('auto-return', () => {
  const DAY = 86_400_000;
  it('returns a salesperson’s idle customers to the pool once, with an audit line, by the injected clock', async () => {
    const db = t.database.db;
    const idle = await customer(id.lily);
    const mailed = await customer(id.lily);
    const quoted = await customer(id.lily);
    const admins = await customer(id.admin);
    const now = Date.now();
    await db
      .update(customers)
      .set({ lastReceivedAt: new Date(now + 25 * DAY) })
      .where(eq(customers.id, mailed));
    await db.insert(quotations).values({
      number: `QT-AR-${quoted}`,
      customerId: quoted,
      ownerId: id.lily,
      currency: 'USD',
      total: '1',
      updatedAt: new Date(now + 20 * DAY),
    });
    // Off by default: nothing moves.
    expect(await autoReturnCustomers(db, new Date(now + 400 * DAY))).toBe(0);
    await setPool({ customer_cap: 2000, auto_return_days: 30 });
    try {
      expect(
        (await customersReturningSoon(db, id.lily, new Date(now + 28 * DAY))).map((c) => c.id),
      ).toContain(idle);
      const at = new Date(now + 31 * DAY);
      // Two instances at once: each customer returns once.
      const [x, y] = await Promise.all([autoReturnCustomers(db, at), autoReturnCustomers(db, at)]);
      expect(await ownerOf(idle)).toBeNull();
      expect(await ownerOf(mailed)).toBe(id.lily);
      expect(await ownerOf(quoted)).toBe(id.lily);
      expect(await ownerOf(admins)).toBe(id.admin);
      const lines = await db
        .select()
        .from(customerOwnerChanges)
        .where(eq(customerOwnerChanges.reason, 'auto_return'));
      expect(lines.length).toBe(x + y);
      expect(lines.filter((l) => l.customerId === idle)).toMatchObject([
        { fromUserId: id.lily, toUserId: null },
      ]);
      expect(await autoReturnCustomers(db, at)).toBe(0);
      // Later the quoted one goes too, the mailed one five days after it.
      await autoReturnCustomers(db, new Date(now + 51 * DAY));
      expect([await ownerOf(quoted), await ownerOf(mailed)]).toEqual([null, id.lily]);
      await autoReturnCustomers(db, new Date(now + 56 * DAY));
      expect(await ownerOf(mailed)).toBeNull();
    } finally {
      await setPool({ customer_cap: 2000, auto_return_days: null });
    }
  });
});

describe('duplicates of another salesperson’s customer', () => {
  const lilysName = async () =>
    (await t.database.db.select({ n: users.name }).from(users).where(eq(users.id, id.lily)))[0]!.n;

  it('refuses the same email or company domain naming the owner, never the customer', async () => {
    const made = await post(
      '/api/customer/create/',
      { company_name: 'Secret Steel Works', name: 'Anna Secret', email: 'anna@secretsteel.example' },
      lily,
    );
    expect(made.status).toBe(200);
    const same = await post(
      '/api/customer/create/',
      { company_name: 'X', email: 'anna@secretsteel.example' },
      tom,
    );
    const domain = await post(
      '/api/customer/create/',
      { company_name: 'Y', email: 'bob@secretsteel.example' },
      tom,
    );
    for (const res of [same, domain]) {
      expect([res.status, res.body.code]).toEqual([409, 'CONFLICT']);
      expect(res.body.msg).toContain(await lilysName());
      expect(res.body.details).toEqual({ field: 'email', owner: { id: id.lily, name: await lilysName() } });
      expect(res.body.msg).not.toContain(`#${made.body.data.id}`);
      for (const secret of ['Secret Steel', 'Anna']) expect(JSON.stringify(res.body)).not.toContain(secret);
    }
    expect(domain.body.msg).toContain('secretsteel.example');
    // The admin's pool copy is refused too; a customer for Lily herself is not.
    const intoPool = await post(
      '/api/customer/create/',
      { company_name: 'Z', email: 'carl@secretsteel.example', owner_id: null },
      t.adminToken,
    );
    expect(intoPool.status).toBe(409);
    const forLily = await post(
      '/api/customer/create/',
      { company_name: 'Z', email: 'carl@secretsteel.example', owner_id: id.lily },
      t.adminToken,
    );
    expect(forLily.status).toBe(200);
    // Editing an address into her domain is the same duplicate.
    const tomsOwn = await post(
      '/api/customer/create/',
      { company_name: 'Tom Co', email: 'a@tomco.example' },
      tom,
    );
    const moved = await post(
      '/api/customer/update/',
      { id: tomsOwn.body.data.id, email: 'd@secretsteel.example' },
      tom,
    );
    expect(moved.status).toBe(409);
  });

  it('does not count free-mail domains', async () => {
    expect(FREE_MAIL_DOMAINS.has('gmail.com')).toBe(true);
    for (const domain of ['gmail.com', 'qq.com', '163.com', 'outlook.com']) {
      expect(
        (await post('/api/customer/create/', { name: 'A', email: `lily.buyer@${domain}` }, lily)).status,
      ).toBe(200);
      expect(
        (await post('/api/customer/create/', { name: 'B', email: `tom.buyer@${domain}` }, tom)).status,
      ).toBe(200);
    }
  });

  it('refuses such rows of an import, with the owner’s name, and keeps the rest', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    for (const row of [
      ['Company name', 'Name', 'Email'],
      ['Copy', 'C', 'eve@secretsteel.example'],
      ['Fine', 'F', 'f@fine-imports.example'],
      ['Same', 'S', 'anna@secretsteel.example'],
    ])
      ws.addRow(row);
    const { payload, headers } = multipartFile('c.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customer/import/',
      headers: { ...headers, 'x-token': tom },
      payload,
    });
    const body = res.json();
    expect(body.data.created).toBe(1);
    expect(body.data.errors.map((e: { row: number }) => e.row)).toEqual([2, 4]);
    for (const e of body.data.errors as { msg: string }[]) {
      expect(e.msg).toContain(await lilysName());
      expect(e.msg).not.toContain('Secret Steel');
    }
    const [fine] = await t.database.db
      .select({ o: customers.ownerId })
      .from(customers)
      .where(sql`${customers.email} = 'f@fine-imports.example'`);
    expect(fine?.o).toBe(id.tom);
  });
});
