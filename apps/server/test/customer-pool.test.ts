import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  customerOwnerChanges,
  customers,
  quotations,
  settings as settingsTable,
  users,
} from '../src/db/schema';
import { AUTO_RETURN_QUEUE, registerMaintenanceJobs } from '../src/modules/maintenance/jobs';
import {
  customer,
  editor,
  get,
  id,
  lily,
  ownerOf,
  post,
  setPool,
  startPoolApp,
  t,
  tom,
} from './customer-pool-kit';
import { createTestApp } from './helpers';

/**
 * The sales role on customers and the customer pool (issue 32): who reads and changes which
 * customer, claim (its race and cap) and release. Transfer, auto-return and duplicates:
 * customer-pool-moves.test.ts. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (where the
 * races are real).
 */
startPoolApp();

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
    // Putting her own customer's owner to none in an edit is a release too.
    const edited = await customer(id.lily);
    const cleared = await post('/api/customer/update/', { id: edited, owner_id: null }, lily);
    expect(cleared.body.data.owner_id).toBeNull();
    const [editLine] = await t.database.db
      .select()
      .from(customerOwnerChanges)
      .where(eq(customerOwnerChanges.customerId, edited));
    expect(editLine).toMatchObject({ fromUserId: id.lily, toUserId: null, reason: 'release' });
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

describe('the auto-return job', () => {
  it('is scheduled with the maintenance jobs and returns idle customers when it runs', async () => {
    const app = await createTestApp({ withJobs: true });
    const db = app.database.db;
    await app.userToken(['sales'], 'seller');
    const [seller] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'seller'));
    const old = new Date(Date.now() - 10 * 86_400_000);
    const [idle] = await db
      .insert(customers)
      .values({ companyName: 'Idle Buyer', ownerId: seller!.id, createdAt: old, updatedAt: old })
      .returning({ id: customers.id });
    await db
      .insert(settingsTable)
      .values({ key: 'pool', value: { customer_cap: 2000, auto_return_days: 7 } });
    await registerMaintenanceJobs(app.jobs!, db);
    await app.jobs!.send(AUTO_RETURN_QUEUE, {});
    await expect
      .poll(
        async () =>
          (await db.select({ o: customers.ownerId }).from(customers).where(eq(customers.id, idle!.id)))[0]?.o,
        { timeout: 15_000, interval: 200 },
      )
      .toBeNull();
  });
});
