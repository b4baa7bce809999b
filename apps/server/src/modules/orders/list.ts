import {
  type OrderCurrencyTotal,
  type OrderListAnswer,
  type OrderListItem,
  type OrderListQuery,
  type OrderStatus,
  roundMoney,
} from '@quayside/contract';
import Big from 'big.js';
import { and, count, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, orders, users } from '../../db/schema';
import { customerName } from '../../lib/documents/customer-name';
import { containsPattern, offsetOf, orderBy } from '../../lib/list';
import { orderScope, type Viewer } from '../../lib/scope';

const sortColumns = {
  number: orders.number,
  total: orders.total,
  delivery_date: orders.deliveryDate,
  created_at: orders.createdAt,
  updated_at: orders.updatedAt,
};

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/**
 * The list's filter; with a `viewer`, narrowed to the orders she may read (lib/scope.ts), as every read
 * path must be (list, totals, export, search, dashboard).
 */
export function orderFilter(query: OrderListQuery, viewer?: Viewer): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (viewer) where.push(orderScope(viewer));
  if (query.q) where.push(sql`${orders.searchText} LIKE ${containsPattern(query.q)}`);
  if (query.status?.length) where.push(inArray(orders.status, query.status));
  if (query.customer_id) where.push(eq(orders.customerId, query.customer_id));
  if (query.owner_id) where.push(eq(orders.ownerId, query.owner_id));
  if (query.quotation_id) where.push(eq(orders.quotationId, query.quotation_id));
  if (query.currency?.length) where.push(inArray(orders.currency, query.currency));
  if (query.date_from) where.push(gte(orders.createdAt, new Date(`${query.date_from}T00:00:00Z`)));
  if (query.date_to) where.push(lt(orders.createdAt, nextDay(query.date_to)));
  return and(...where);
}

const balance = (total: string, paid: string, currency: string) =>
  roundMoney(new Big(total).minus(paid).toFixed(), currency);

type ListRow = { o: typeof orders.$inferSelect; ownerName: string | null; customerName: string | null };
const listItem = ({ o, ownerName, customerName: customer }: ListRow): OrderListItem => ({
  id: o.id,
  number: o.number,
  name: o.name,
  customer_id: o.customerId,
  customer_name: customer ?? '',
  quotation_id: o.quotationId,
  quotation_version: o.quotationVersion,
  currency: o.currency,
  total: roundMoney(o.total, o.currency),
  paid: roundMoney(o.paid, o.currency),
  balance: balance(o.total, o.paid, o.currency),
  status: o.status as OrderStatus,
  version: o.version,
  delivery_date: o.deliveryDate,
  owner_id: o.ownerId,
  owner_name: ownerName ?? '',
  created_at: o.createdAt.toISOString(),
  updated_at: o.updatedAt.toISOString(),
});

/** Σ total and Σ paid of the whole filtered list, per currency (summed exactly by the database). */
async function currencyTotals(db: Db, where: SQL | undefined): Promise<OrderCurrencyTotal[]> {
  const rows = await db
    .select({
      currency: orders.currency,
      n: count(),
      total: sql<string>`sum(${orders.total})::text`,
      paid: sql<string>`sum(${orders.paid})::text`,
    })
    .from(orders)
    .where(where)
    .groupBy(orders.currency)
    .orderBy(orders.currency);
  return rows.map((r) => ({
    currency: r.currency,
    count: r.n,
    total: roundMoney(r.total, r.currency),
    paid: roundMoney(r.paid, r.currency),
    balance: balance(r.total, r.paid, r.currency),
  }));
}

export async function listOrders(db: Db, query: OrderListQuery, viewer: Viewer): Promise<OrderListAnswer> {
  const where = orderFilter(query, viewer);
  const [rows, totals] = await Promise.all([
    db
      .select({ o: orders, ownerName: users.name, customerName })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.ownerId))
      .leftJoin(customers, eq(customers.id, orders.customerId))
      .where(where)
      .orderBy(...orderBy(query.sort, sortColumns, '-updated_at', orders.id))
      .limit(query.page_size)
      .offset(offsetOf(query)),
    currencyTotals(db, where),
  ]);
  return {
    items: rows.map(listItem),
    total: totals.reduce((n, t) => n + t.count, 0),
    page: query.page,
    page_size: query.page_size,
    totals,
  };
}
