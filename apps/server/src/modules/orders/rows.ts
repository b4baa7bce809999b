import { type OrderContent, orderContent } from '@quayside/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, orders, users } from '../../db/schema';
import { visible } from '../../lib/documents/access';
import { readVersion } from '../../lib/documents/versions';
import { notFound } from '../../lib/errors';
import { isAdmin, type Viewer } from '../../lib/scope';

export const ORDER_KIND = 'order';

export const inTransaction = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((t) => work(t as unknown as Db));

type Row = typeof orders.$inferSelect;
export type LoadedRow = Row & { ownerName: string | null; customerOwnerId: number | null };

/**
 * The order's row. With a viewer: only when she may read it (lib/scope.ts), else 403 like a missing
 * one; `null` is the module's own read (the lines a packing list compares with), never a caller's.
 */
export async function loadRow(db: Db, id: number, viewer: Viewer | null): Promise<LoadedRow> {
  const [row] = await db
    .select({ o: orders, ownerName: users.name, customerOwnerId: customers.ownerId })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.ownerId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, id));
  const loaded = row && { ...row.o, ownerName: row.ownerName, customerOwnerId: row.customerOwnerId };
  if (viewer === null) {
    if (!loaded) throw notFound('thingOrder');
    return loaded;
  }
  return visible(viewer, loaded, 'thingOrder');
}

/**
 * 403 like a missing order unless the viewer may read it. An admin is not asked here: the call's
 * own answer for an unknown order stays what it was (400 on order_id, 404 for a payment).
 */
export async function assertOrderVisible(db: Db, id: number, viewer: Viewer): Promise<void> {
  if (!isAdmin(viewer)) await loadRow(db, id, viewer);
}

export async function loadContent(db: Db, id: number, version: number): Promise<OrderContent> {
  const stored = await readVersion(db, ORDER_KIND, id, version);
  if (!stored) throw notFound('thingOrderVersion');
  return orderContent.parse(stored);
}
