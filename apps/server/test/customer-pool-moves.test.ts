import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  customerOwnerChanges,
  customers,
  emailAccounts,
  emailAccountUsers,
  invoices,
  orders,
  quotations,
  users,
} from '../src/db/schema';
import { autoReturnCustomers, customersReturningSoon } from '../src/modules/customers/auto-return';
import { FREE_MAIL_DOMAINS } from '../src/modules/customers/duplicates';
import { customer, get, id, lily, ownerOf, post, setPool, startPoolApp, t, tom } from './customer-pool-kit';
import { multipartFile } from './multipart';

/**
 * The customer pool's moves (issue 32): transfer (with documents and mailboxes, racing a claim),
 * auto-return by an injected clock, and the duplicate rules by email and company domain. Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
startPoolApp();

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

describe('two transfers at once', () => {
  it('apply one after the other: each customer ends with one owner and a story whose lines chain', async () => {
    const cs = [await customer(id.lily), await customer(id.lily), await customer(id.lily)];
    const [one, two] = await Promise.all([
      post('/api/customer/transfer/', { from_user_id: id.lily, to_user_id: id.tom }, t.adminToken),
      post('/api/customer/transfer/', { ids: [...cs].reverse(), to_user_id: id.admin }, t.adminToken),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const owners = new Set(await Promise.all(cs.map(ownerOf)));
    expect(owners.size).toBe(1);
    for (const c of cs) {
      const lines = await t.database.db
        .select()
        .from(customerOwnerChanges)
        .where(eq(customerOwnerChanges.customerId, c))
        .orderBy(customerOwnerChanges.id);
      for (let i = 1; i < lines.length; i++) expect(lines[i]!.fromUserId).toBe(lines[i - 1]!.toUserId);
      expect(lines.at(-1)?.toUserId).toBe(await ownerOf(c));
    }
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

  it('skips a pool customer’s email on import, and updates it only once claimed', async () => {
    const pooled = await customer(null, { email: 'pool.buyer@pool-imports.example' });
    const sheet = async () => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Sheet1');
      ws.addRow(['Company name', 'Email', 'Remark']);
      ws.addRow(['Pool Buyer', 'pool.buyer@pool-imports.example', `try ${Math.random()}`]);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const upload = async (mode: string) => {
      const { payload, headers } = multipartFile('p.xlsx', await sheet());
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/customer/import/?on_duplicate=${mode}`,
        headers: { ...headers, 'x-token': tom },
        payload,
      });
      return res.json().data;
    };
    expect(await upload('skip')).toMatchObject({ created: 0, skipped: 1, errors: [] });
    const refused = await upload('update');
    expect(refused).toMatchObject({ created: 0, updated: 0 });
    expect(refused.errors[0].msg).toContain('claim');
    await post('/api/customer/claim/', { ids: [pooled] }, tom);
    expect(await upload('update')).toMatchObject({ updated: 1, errors: [] });
  });
});
