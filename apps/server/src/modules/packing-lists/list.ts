import {
  canonicalDecimal,
  type ListAnswer,
  type PackingListItem,
  type PackingListQuery,
  roundCbm,
} from '@quayside/contract';
import { and, count, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, invoices, orders, packingLists, users } from '../../db/schema';
import { customerName } from '../../lib/documents/customer-name';
import { containsPattern, offsetOf, orderBy } from '../../lib/list';
import { packingListScope, type Viewer } from '../../lib/scope';

const sortColumns = {
  number: packingLists.number,
  total_cartons: packingLists.totalCartons,
  total_cbm: packingLists.totalCbm,
  created_at: packingLists.createdAt,
  updated_at: packingLists.updatedAt,
};

/**
 * The list's filter; with a `viewer`, narrowed to the packing lists she may read (lib/scope.ts), as
 * every read path must be (list, export, search, dashboard).
 */
export function packingListFilter(query: PackingListQuery, viewer?: Viewer): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (viewer) where.push(packingListScope(viewer));
  if (query.q) where.push(sql`${packingLists.searchText} LIKE ${containsPattern(query.q)}`);
  if (query.customer_id) where.push(eq(packingLists.customerId, query.customer_id));
  if (query.order_id) where.push(eq(packingLists.orderId, query.order_id));
  if (query.invoice_id) where.push(eq(packingLists.invoiceId, query.invoice_id));
  if (query.date_from) where.push(gte(packingLists.createdAt, new Date(`${query.date_from}T00:00:00Z`)));
  if (query.date_to)
    where.push(lt(packingLists.createdAt, new Date(Date.parse(`${query.date_to}T00:00:00Z`) + 86_400_000)));
  return and(...where);
}

export async function listPackingLists(
  db: Db,
  query: PackingListQuery,
  viewer: Viewer,
): Promise<ListAnswer<PackingListItem>> {
  const where = packingListFilter(query, viewer);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        p: packingLists,
        ownerName: users.name,
        customerName,
        orderNumber: orders.number,
        invoiceNumber: invoices.number,
      })
      .from(packingLists)
      .leftJoin(users, eq(users.id, packingLists.ownerId))
      .leftJoin(customers, eq(customers.id, packingLists.customerId))
      .leftJoin(orders, eq(orders.id, packingLists.orderId))
      .leftJoin(invoices, eq(invoices.id, packingLists.invoiceId))
      .where(where)
      .orderBy(...orderBy(query.sort, sortColumns, '-updated_at', packingLists.id))
      .limit(query.page_size)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(packingLists).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.p.id,
      number: r.p.number,
      order_id: r.p.orderId,
      order_number: r.orderNumber ?? '',
      invoice_id: r.p.invoiceId,
      invoice_number: r.invoiceNumber,
      customer_id: r.p.customerId,
      customer_name: r.customerName ?? '',
      total_cartons: canonicalDecimal(r.p.totalCartons),
      total_gross_weight: canonicalDecimal(r.p.totalGrossWeight),
      total_cbm: roundCbm(r.p.totalCbm),
      version: r.p.version,
      owner_id: r.p.ownerId,
      owner_name: r.ownerName ?? '',
      created_at: r.p.createdAt.toISOString(),
      updated_at: r.p.updatedAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}
