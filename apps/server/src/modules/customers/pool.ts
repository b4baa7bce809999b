import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, emailAccountUsers, users } from '../../db/schema';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors';
import { isAdmin, mayReadCustomer, mayWorkCustomer, missing, type Viewer } from '../../lib/scope';
import { getPoolSettings } from '../settings/service';
import { changeOwners, liveRows, moveOpenDocuments, recordOwnerChanges, type Tx } from './owners';
import { changed } from './service';

/**
 * The customer pool (docs/decisions/who-sees-what.md):
 * customers without an owner, which a salesperson claims into her own list and releases back;
 * an admin transfers customers between users. Each change is one transaction that moves the
 * customer, writes an audit line per customer and takes the open documents by the rule of
 * `changeOwners`.
 */

/**
 * Takes pool customers into the caller's list, all of them or none. Two claims of one customer at
 * the same moment: the conditional UPDATE (`owner_id IS NULL`) lets one through and the other
 * finds fewer rows than it asked for, 409 (one that comes a moment later: 409 "not in the pool"). Past the company's cap (admins exempt), 409 naming it;
 * the caller's user row is locked first, so two claims of one salesperson count one after the other.
 */
export async function claimCustomers(db: Db, ids: number[], viewer: Viewer): Promise<number> {
  const wanted = [...new Set(ids)];
  const { customer_cap: cap } = await getPoolSettings(db);
  const claimed = await db.transaction(async (tx) => {
    // Anything not in the pool (someone's, hers, deleted or missing) answers the same 409: the loser
    // of a race learns it was taken, and nobody learns whether another's customer exists.
    const rows = await liveRows(tx, wanted, false);
    const notInPool = wanted.find((id) => rows.find((r) => r.id === id)?.ownerId !== null);
    if (notInPool !== undefined) throw conflict('customerNotInPool', { id: notInPool });
    if (!isAdmin(viewer)) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for('update');
      const [mine] = await tx
        .select({ n: count() })
        .from(customers)
        .where(and(eq(customers.ownerId, viewer.id), isNull(customers.deletedAt)));
      if ((mine?.n ?? 0) + wanted.length > cap) throw conflict('customerClaimCap', { cap });
    }
    const now = new Date();
    const taken = await tx
      .update(customers)
      .set({ ownerId: viewer.id, updatedAt: now })
      .where(and(inArray(customers.id, wanted), isNull(customers.ownerId), isNull(customers.deletedAt)))
      .returning({ id: customers.id });
    if (taken.length !== wanted.length) throw conflict('customerClaimTaken');
    await recordOwnerChanges(
      tx,
      wanted.map((id) => ({ id, ownerId: null })),
      viewer.id,
      viewer.id,
      'claim',
      now,
    );
    await moveOpenDocuments(tx, wanted, viewer.id, true);
    return taken.length;
  });
  changed(db);
  return claimed;
}

/** Puts customers back in the pool: a salesperson her own only (403 otherwise), an admin any. Documents stay with their owners. */
export async function releaseCustomers(db: Db, ids: number[], viewer: Viewer): Promise<number> {
  const wanted = [...new Set(ids)];
  const released = await db.transaction(async (tx) => {
    const rows = await liveRows(tx, wanted, true);
    for (const id of wanted) {
      const row = rows.find((r) => r.id === id);
      if (!row || !mayReadCustomer(viewer, row.ownerId)) throw missing(viewer, 'thingCustomer');
      if (!mayWorkCustomer(viewer, row.ownerId)) throw forbidden();
    }
    return changeOwners(tx, rows, null, viewer.id, 'release');
  });
  changed(db);
  return released;
}

/**
 * An admin hands customers to another user: those listed, or every customer of `from_user_id`
 * (a salesperson leaves). One transaction: the customers (locked in id order), their open
 * documents, an audit line each, and with `with_mail_accounts` the mailboxes the customers' user
 * was assigned to (copied to the new user, taken from the old one).
 */
export async function transferCustomers(
  db: Db,
  input: { ids?: number[]; from_user_id?: number; to_user_id: number; with_mail_accounts?: boolean },
  viewer: Viewer,
): Promise<number> {
  const to = input.to_user_id;
  const [target] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, to), eq(users.disabled, false)));
  if (!target) throw invalid('to_user_id', 'customerTransferTarget');
  if (input.from_user_id === to) throw invalid('to_user_id', 'customerTransferSame');
  const moved = await db.transaction(async (tx) => {
    let rows: { id: number; ownerId: number | null }[];
    if (input.ids) {
      const wanted = [...new Set(input.ids)];
      rows = await liveRows(tx, wanted, true);
      if (rows.length !== wanted.length) throw notFound('thingCustomer');
    } else {
      rows = await tx
        .select({ id: customers.id, ownerId: customers.ownerId })
        .from(customers)
        .where(and(eq(customers.ownerId, input.from_user_id ?? 0), isNull(customers.deletedAt)))
        .orderBy(asc(customers.id))
        .for('update');
    }
    const from = input.from_user_id ?? singleOwner(rows);
    if (input.with_mail_accounts && (from === undefined || from === null)) {
      throw invalid('with_mail_accounts', 'customerTransferMailOneOwner');
    }
    const n = await changeOwners(tx, rows, to, viewer.id, 'transfer');
    if (input.with_mail_accounts && from && from !== to) await moveMailAccounts(tx, from, to);
    return n;
  });
  changed(db);
  return moved;
}

/** The one owner all the rows share, null for the pool, undefined when they are several. */
function singleOwner(rows: { ownerId: number | null }[]): number | null | undefined {
  const owners = new Set(rows.map((r) => r.ownerId));
  return owners.size === 1 ? [...owners][0] : undefined;
}

/** The mailboxes `from` was assigned to become `to`'s (kept if she had them already) and no longer `from`'s. */
async function moveMailAccounts(tx: Tx, from: number, to: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${emailAccountUsers} (account_id, user_id)
    SELECT ${emailAccountUsers.accountId}, ${to} FROM ${emailAccountUsers} WHERE ${emailAccountUsers.userId} = ${from}
    ON CONFLICT DO NOTHING`);
  await tx.delete(emailAccountUsers).where(eq(emailAccountUsers.userId, from));
}
