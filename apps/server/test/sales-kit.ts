import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  customers,
  emailAccounts,
  emailAccountUsers,
  emailAddresses,
  emails,
  tasks,
  users,
} from '../src/db/schema';
import { call, createTestApp, type TestApp } from './helpers';

/**
 * The people and mailboxes of the sales-scope tests (issue 32): three accounts, two salespeople
 * who share one of them, a salesperson on none, an editor on the first, the admin and nobody.
 *
 * - account `mine`: lily's alone; `shared`: lily's and tom's (info@); `other`: tom's alone.
 * - the editor is on `mine` too: spec §6 gives her no mail, only the draft rule of her account.
 */
export type Caller = 'admin' | 'owner' | 'sharer' | 'stranger' | 'editor' | 'none';
export const CALLERS: readonly Caller[] = ['admin', 'owner', 'sharer', 'stranger', 'editor', 'none'];
export type Place = 'mine' | 'shared' | 'other';
export const PLACES: readonly Place[] = ['mine', 'shared', 'other'];

export type SalesBed = {
  t: TestApp;
  tokens: Record<Caller, string | undefined>;
  ids: Record<Exclude<Caller, 'none'>, number>;
  accounts: Record<Place, number>;
  /** Customers: lily's, tom's and one in the pool. */
  customers: { lily: number; tom: number; pool: number };
};

async function userId(t: TestApp, username: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

export async function salesBed(): Promise<SalesBed> {
  const t = await createTestApp();
  const tokens: Record<Caller, string | undefined> = {
    admin: t.adminToken,
    owner: await t.userToken(['sales'], 'lily'),
    sharer: await t.userToken(['sales'], 'tom'),
    stranger: await t.userToken(['sales'], 'nina'),
    editor: await t.userToken(['editor'], 'eddie'),
    none: undefined,
  };
  const ids = {
    admin: await userId(t, 'admin'),
    owner: await userId(t, 'lily'),
    sharer: await userId(t, 'tom'),
    stranger: await userId(t, 'nina'),
    editor: await userId(t, 'eddie'),
  };
  const db = t.database.db;
  const account = async (address: string, userIds: number[]) => {
    const [row] = await db
      .insert(emailAccounts)
      .values({ address, name: address, imapHost: '127.0.0.1', imapUser: address, smtpHost: '127.0.0.1' })
      .returning({ id: emailAccounts.id });
    if (userIds.length > 0)
      await db.insert(emailAccountUsers).values(userIds.map((u) => ({ accountId: row!.id, userId: u })));
    return row!.id;
  };
  const accounts = {
    mine: await account('lily@quayside.test', [ids.owner, ids.editor]),
    shared: await account('info@quayside.test', [ids.owner, ids.sharer]),
    other: await account('tom@quayside.test', [ids.sharer]),
  };
  const customer = async (email: string, ownerId: number | null) => {
    const [row] = await db
      .insert(customers)
      .values({ companyName: email.split('@')[1]!, name: email.split('@')[0]!, email, ownerId })
      .returning({ id: customers.id });
    return row!.id;
  };
  return {
    t,
    tokens,
    ids,
    accounts,
    customers: {
      lily: await customer('anna@lilys-buyer.test', ids.owner),
      tom: await customer('omar@toms-buyer.test', ids.sharer),
      pool: await customer('paul@pool-buyer.test', null),
    },
  };
}

let n = 0;

/** One email of the place's account, with its sender as a party (what the sync writes). */
export async function mailIn(
  bed: SalesBed,
  place: Place,
  fields: Partial<typeof emails.$inferInsert> = {},
): Promise<number> {
  n += 1;
  const [row] = await bed.t.database.db
    .insert(emails)
    .values({
      accountId: bed.accounts[place],
      dedupeKey: `k:sales:${n}`,
      subject: `Mail ${n} of ${place}`,
      date: new Date(),
      fromAddress: `buyer${n}@${place}.test`,
      ...fields,
    })
    .returning({ id: emails.id, from: emails.fromAddress });
  await bed.t.database.db
    .insert(emailAddresses)
    .values({ emailId: row!.id, role: 'from', address: row!.from });
  return row!.id;
}

/** A draft task: lily's on her own account (`mine`), lily's on info@ (`shared`), tom's on his (`other`). */
export async function taskIn(bed: SalesBed, place: Place): Promise<number> {
  const createdBy = place === 'other' ? bed.ids.sharer : bed.ids.owner;
  const [row] = await bed.t.database.db
    .insert(tasks)
    .values({
      name: `Campaign of ${place}`,
      accountId: bed.accounts[place],
      type: 'fixed',
      subject: 'Hello',
      html: '<p>Hello</p>',
      createdBy,
    })
    .returning({ id: tasks.id });
  return row!.id;
}

export function as(bed: SalesBed, caller: Caller) {
  const token = bed.tokens[caller];
  return {
    get: (url: string, query: Record<string, string | number | boolean> = {}) =>
      call(bed.t.app, 'GET', url, { token, query }),
    post: (url: string, body: unknown) => call(bed.t.app, 'POST', url, { token, body }),
  };
}

/** The status and, for a refusal, its code: 403 with no token is AUTH_REQUIRED, else FORBIDDEN. */
export function expectOutcome(
  res: { status: number; body: { code?: string } },
  allowed: boolean,
  caller: Caller,
) {
  if (allowed) {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return;
  }
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body.code).toBe(caller === 'none' ? 'AUTH_REQUIRED' : 'FORBIDDEN');
}

/** Who reads the mail of each account: the admin any, a salesperson her accounts, nobody else. */
export const readsMail = (caller: Caller, place: Place): boolean =>
  caller === 'admin' ||
  (caller === 'owner' && place !== 'other') ||
  (caller === 'sharer' && place !== 'mine');
