import { type Order, type OrderContent, type OrderStatus, roundMoney } from '@quayside/contract';
import Big from 'big.js';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices, orderPayments, orderStatusChanges, packingLists, users } from '../../db/schema';
import { invoiceScope, packingListScope, type Viewer } from '../../lib/scope';
import { loadContent, loadRow } from './rows';

const balanceOf = (total: string, paid: string, currency: string) =>
  roundMoney(new Big(total).minus(paid).toFixed(), currency);

/**
 * An order as invoices and packing lists copy it: the current version's content with the order's
 * id, version, owner and status. Throws NOT_FOUND for an order that does not exist, and with a
 * viewer 403 like a missing one for an order she may not read (`null`: the module's own read).
 */
export async function getOrderForDocument(
  db: Db,
  id: number,
  viewer: Viewer | null,
): Promise<OrderContent & { id: number; version: number; owner_id: number | null; status: OrderStatus }> {
  const row = await loadRow(db, id, viewer);
  const content = await loadContent(db, id, row.version);
  return { ...content, id, version: row.version, owner_id: row.ownerId, status: row.status as OrderStatus };
}

/** The order with its payments, status trail and the documents made from it, when the viewer may read it. */
export async function getOrder(db: Db, id: number, viewer: Viewer, version?: number): Promise<Order> {
  const row = await loadRow(db, id, viewer);
  const [content, payments, changes, invoiceRows, packingRows] = await Promise.all([
    loadContent(db, id, version ?? row.version),
    db
      .select({ p: orderPayments, name: users.name })
      .from(orderPayments)
      .leftJoin(users, eq(users.id, orderPayments.createdBy))
      .where(eq(orderPayments.orderId, id))
      .orderBy(asc(orderPayments.paidOn), asc(orderPayments.id)),
    db
      .select({ c: orderStatusChanges, name: users.name })
      .from(orderStatusChanges)
      .leftJoin(users, eq(users.id, orderStatusChanges.changedBy))
      .where(eq(orderStatusChanges.orderId, id))
      .orderBy(asc(orderStatusChanges.changedAt), asc(orderStatusChanges.id)),
    db
      .select({
        id: invoices.id,
        number: invoices.number,
        kind: invoices.kind,
        createdAt: invoices.createdAt,
      })
      .from(invoices)
      .where(and(eq(invoices.orderId, id), invoiceScope(viewer)))
      .orderBy(asc(invoices.id)),
    db
      .select({ id: packingLists.id, number: packingLists.number, createdAt: packingLists.createdAt })
      .from(packingLists)
      .where(and(eq(packingLists.orderId, id), packingListScope(viewer)))
      .orderBy(asc(packingLists.id)),
  ]);
  const paid = roundMoney(row.paid, row.currency);
  return {
    ...content,
    id: row.id,
    status: row.status as OrderStatus,
    version: row.version,
    owner_id: row.ownerId,
    owner_name: row.ownerName ?? '',
    paid,
    balance: balanceOf(row.total, row.paid, row.currency),
    payments: payments.map(({ p, name }) => ({
      id: p.id,
      date: p.paidOn,
      amount: roundMoney(p.amount, row.currency),
      remark: p.remark,
      created_by: p.createdBy,
      created_by_name: name ?? '',
      created_at: p.createdAt.toISOString(),
    })),
    status_changes: changes.map(({ c, name }) => ({
      status: c.status as OrderStatus,
      changed_by: c.changedBy,
      changed_by_name: name ?? '',
      changed_at: c.changedAt.toISOString(),
    })),
    invoices: invoiceRows.map((r) => ({
      id: r.id,
      number: r.number,
      kind: r.kind,
      created_at: r.createdAt.toISOString(),
    })),
    packing_lists: packingRows.map((r) => ({
      id: r.id,
      number: r.number,
      kind: null,
      created_at: r.createdAt.toISOString(),
    })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
