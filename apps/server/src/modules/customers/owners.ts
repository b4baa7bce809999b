import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerOwnerChanges, customers, invoices, orders, packingLists, quotations } from '../../db/schema';
import { AppError, forbidden } from '../../lib/errors';
import { isSalesOnly, type Viewer } from '../../lib/scope';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type OwnerChangeReason = 'claim' | 'release' | 'transfer' | 'auto_return';
const ID_SLICE = 10_000;

/** Open documents: what is still being worked. Closed ones keep the owner who made them (sales figures). */
const OPEN_QUOTATION = sql`${quotations.status} IN ('draft', 'sent')`;
const OPEN_ORDER = sql`${orders.status} = 'in_progress'`;
const openOrderIds = sql`(SELECT ${orders.id} FROM ${orders} WHERE ${OPEN_ORDER})`;

/**
 * Open documents of these customers go to `to`: on a transfer every one; on a claim those without
 * an owner (another salesperson's document stays hers: she made it). A release and an auto-return
 * move none (docs/decisions/who-sees-what.md).
 */
export async function moveOpenDocuments(tx: Tx, customerIds: number[], to: number, unownedOnly: boolean) {
  const only = (owner: Parameters<typeof isNull>[0]) => (unownedOnly ? isNull(owner) : undefined);
  await tx
    .update(quotations)
    .set({ ownerId: to })
    .where(and(inArray(quotations.customerId, customerIds), OPEN_QUOTATION, only(quotations.ownerId)));
  await tx
    .update(orders)
    .set({ ownerId: to })
    .where(and(inArray(orders.customerId, customerIds), OPEN_ORDER, only(orders.ownerId)));
  await tx
    .update(invoices)
    .set({ ownerId: to })
    .where(
      and(
        inArray(invoices.customerId, customerIds),
        sql`${invoices.orderId} IN ${openOrderIds}`,
        only(invoices.ownerId),
      ),
    );
  await tx
    .update(packingLists)
    .set({ ownerId: to })
    .where(
      and(
        inArray(packingLists.customerId, customerIds),
        sql`${packingLists.orderId} IN ${openOrderIds}`,
        only(packingLists.ownerId),
      ),
    );
}

/**
 * Gives customers (whose rows the caller has locked, or changes conditionally) to `to` (null: the
 * pool), inside the caller's transaction: one audit line per customer whose owner changes, and the
 * open documents by the reason's rule. Answers how many changed owner.
 */
export async function changeOwners(
  tx: Tx,
  rows: { id: number; ownerId: number | null }[],
  to: number | null,
  by: number | null,
  reason: OwnerChangeReason,
  now = new Date(),
): Promise<number> {
  const moving = rows.filter((r) => r.ownerId !== to);
  if (moving.length === 0) return 0;
  // In slices: a leaving salesperson's tens of thousands of ids stay under a statement's 65,535 parameters.
  for (let i = 0; i < moving.length; i += ID_SLICE) {
    const ids = moving.slice(i, i + ID_SLICE).map((r) => r.id);
    await tx.update(customers).set({ ownerId: to, updatedAt: now }).where(inArray(customers.id, ids));
    if (to !== null && (reason === 'transfer' || reason === 'claim')) {
      await moveOpenDocuments(tx, ids, to, reason === 'claim');
    }
  }
  await recordOwnerChanges(tx, moving, to, by, reason, now);
  return moving.length;
}

/** The audit lines of an owner change already made. */
export async function recordOwnerChanges(
  tx: Tx,
  moved: { id: number; ownerId: number | null }[],
  to: number | null,
  by: number | null,
  reason: OwnerChangeReason,
  now = new Date(),
): Promise<void> {
  for (let i = 0; i < moved.length; i += 1000) {
    await tx.insert(customerOwnerChanges).values(
      moved.slice(i, i + 1000).map((r) => ({
        customerId: r.id,
        fromUserId: r.ownerId,
        toUserId: to,
        byUserId: by,
        reason,
        at: now,
      })),
    );
  }
}

/** Live customers among `ids` with their owners, in id order; `lock`: FOR UPDATE until the transaction ends. */
export async function liveRows(tx: Tx, ids: number[], lock: boolean) {
  const query = tx
    .select({ id: customers.id, ownerId: customers.ownerId })
    .from(customers)
    .where(and(inArray(customers.id, ids), isNull(customers.deletedAt)))
    .orderBy(asc(customers.id));
  return lock ? query.for('update') : query;
}

/**
 * An owner set in an edit (update, bulk update) goes through the same rules: a salesperson may make
 * her own customers hers or the pool's, never another's (403); to the pool is a release, to a user
 * a transfer (documents follow). Runs in the edit's transaction, the rows locked.
 */
export async function ownerFromEdit(tx: Tx, ids: number[], to: number | null, viewer: Viewer): Promise<void> {
  if (isSalesOnly(viewer) && to !== null && to !== viewer.id) {
    throw new AppError('FORBIDDEN', 'customerOwnerNotYou');
  }
  const rows = await liveRows(tx, ids, true);
  await changeOwners(tx, rows, to, viewer.id, to === null ? 'release' : 'transfer');
}

/** Customers a salesperson may edit among `ids`: all of them live and hers, else 403 (like a missing one). */
export async function assertMayWork(db: Db | Tx, ids: number[], viewer: Viewer): Promise<void> {
  if (!isSalesOnly(viewer)) return;
  const wanted = [...new Set(ids)];
  const [row] = await db
    .select({ n: count() })
    .from(customers)
    .where(and(inArray(customers.id, wanted), isNull(customers.deletedAt), eq(customers.ownerId, viewer.id)));
  if ((row?.n ?? 0) !== wanted.length) throw forbidden();
}
