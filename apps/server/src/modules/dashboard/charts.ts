import {
  type DashboardCharts,
  type DashboardQuery,
  NATION_UNKNOWN,
  nationIdByCode,
  roundMoney,
} from '@quayside/contract';
import { and, count, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  customers,
  emailDayCounts,
  emails,
  orderDayLines,
  orderDayTotals,
  orders,
  quotations,
} from '../../db/schema';
import { mailScope, orderScope, quotationScope, type Viewer } from '../../lib/scope';
import { inquiryFilter } from '../inquiries/service';
import { orderFilter } from '../orders/list';
import { daysBetween, inquiryMail, mailCount, mailPerDay, receivedMail, sentMail } from './day-counts';
import { liveOrderValue, liveTopProducts, toMonthTotals } from './scoped-orders';

/** Which lists the viewer may open (each list route's own declared access; see routes.ts). */
export type ChartReach = { emails: boolean; inquiries: boolean; quotations: boolean; orders: boolean };

const page = { page: 1, page_size: 1 } as const;
const DAY = 86_400_000;
const TOP = 5;
const TOP_COUNTRIES = 10;

/** Every day of the period, first to last (whole UTC days, as the lists filter them). */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += DAY)
    days.push(new Date(ms).toISOString().slice(0, 10));
  return days;
}

/** The day counts of the viewer's mail (an admin: all; anyone else: her accounts'). */
const rollupOf = (viewer: Viewer) => mailScope(viewer, emailDayCounts.accountId);

/** Mail received (inbox list) and sent (outbox list, sent or synced from Sent) per day, from the day counts. */
async function emailDays(db: Db, viewer: Viewer, query: DashboardQuery, days: string[]) {
  const period = and(daysBetween(query.from, query.to), rollupOf(viewer));
  const [received, sent] = await Promise.all([
    mailPerDay(db, and(period, receivedMail(query.owner_id))),
    mailPerDay(db, and(period, sentMail(query.owner_id))),
  ]);
  return days.map((day) => ({ day, received: received.get(day) ?? 0, sent: sent.get(day) ?? 0 }));
}

/** The inquiry list's own filter for the period (and the salesperson as handler), in the viewer's mail. */
const periodInquiries = (viewer: Viewer, query: DashboardQuery) =>
  and(
    inquiryFilter({ ...page, date_from: query.from, date_to: query.to, handler_id: query.owner_id }),
    mailScope(viewer, emails.accountId),
  );

async function inquiryCharts(db: Db, viewer: Viewer, query: DashboardQuery, days: string[]) {
  const where = periodInquiries(viewer, query);
  const code = sql<string>`upper(${emails.senderCountry})`;
  const [perDay, places] = await Promise.all([
    mailPerDay(db, and(daysBetween(query.from, query.to), inquiryMail(query.owner_id), rollupOf(viewer))),
    db
      .select({ nation: customers.nation, code, n: count() })
      .from(emails)
      .leftJoin(customers, eq(customers.id, emails.customerId))
      .where(where)
      .groupBy(customers.nation, code),
  ]);
  // The customer's country when the inquiry has one, else where the sender's IP is.
  const byNation = new Map<number, number>();
  for (const p of places) {
    const nation = p.nation && p.nation !== NATION_UNKNOWN ? p.nation : nationIdByCode(p.code);
    byNation.set(nation, (byNation.get(nation) ?? 0) + p.n);
  }
  const countries = [...byNation]
    .map(([nation, n]) => ({ nation, count: n }))
    .sort((a, b) => b.count - a.count || a.nation - b.nation)
    .slice(0, TOP_COUNTRIES);
  return { days: days.map((day) => ({ day, count: perDay.get(day) ?? 0 })), countries };
}

/**
 * The period's inquiries; those a quotation was made from; those whose quotation became an order.
 * A cohort, so each stage is part of the one before. The inquiries are the day counts' sum; the
 * other two start from the quotations made from an inquiry (far fewer than inquiries), each an
 * index lookup of its inquiry, instead of probing the quotations once per inquiry of the period.
 */
async function funnel(db: Db, viewer: Viewer, query: DashboardQuery) {
  // Only the quotations and orders the viewer may open count (nothing narrows an admin's).
  const quotationsSeen = quotationScope(viewer) ?? sql`true`;
  const ordersSeen = orderScope(viewer) ?? sql`true`;
  // Nested, so each probe is two index lookups (a join here made PostgreSQL scan every order per inquiry).
  const ordered = sql`EXISTS (SELECT 1 FROM ${quotations} WHERE ${quotations.inquiryEmailId} = ${emails.id} AND ${quotationsSeen} AND EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.quotationId} = ${quotations.id} AND ${ordersSeen}))`;
  const fromQuotations = sql`${emails.id} IN (SELECT ${quotations.inquiryEmailId} FROM ${quotations} WHERE ${quotations.inquiryEmailId} IS NOT NULL AND ${quotationsSeen})`;
  const [inquiries, [row]] = await Promise.all([
    mailCount(db, and(daysBetween(query.from, query.to), inquiryMail(query.owner_id), rollupOf(viewer))),
    db
      .select({
        quoted: count(),
        ordered: sql<number>`(count(*) FILTER (WHERE ${ordered}))::int`,
      })
      .from(emails)
      .where(and(periodInquiries(viewer, query), fromQuotations)),
  ]);
  return { inquiries, quoted: row?.quoted ?? 0, ordered: row?.ordered ?? 0 };
}

/** The order list's own filter: orders made in the period (and owned by the salesperson). */
const periodOrders = (query: DashboardQuery) =>
  orderFilter({ ...page, date_from: query.from, date_to: query.to, owner_id: query.owner_id });

/** The order list's own filter in the day totals' terms: days of the period (and the salesperson). */
const periodOrderDays = (query: DashboardQuery, t: typeof orderDayTotals | typeof orderDayLines) =>
  and(
    gte(t.day, query.from),
    lte(t.day, query.to),
    query.owner_id ? eq(t.ownerId, query.owner_id) : undefined,
  );

async function orderValue(db: Db, viewer: Viewer, query: DashboardQuery) {
  // The day totals are per owner; a salesperson's orders also include those of her customers.
  const scope = orderScope(viewer);
  if (scope) return liveOrderValue(db, and(periodOrders(query), scope));
  const month = sql<string>`to_char(${orderDayTotals.day}, 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      currency: orderDayTotals.currency,
      n: sql<number>`sum(${orderDayTotals.n})::int`,
      amount: sql<string>`sum(${orderDayTotals.total})::text`,
    })
    .from(orderDayTotals)
    .where(periodOrderDays(query, orderDayTotals))
    .groupBy(month, orderDayTotals.currency)
    .orderBy(month, orderDayTotals.currency);
  return toMonthTotals(rows);
}

type RankedRow<K> = K & { currency: string; n: number; amount: string };

/** Rows ordered by currency then rank → one entry per currency. */
function byCurrency<K extends object>(rows: RankedRow<K>[]) {
  const out: { currency: string; items: (K & { count: number; amount: string })[] }[] = [];
  for (const { currency, n, amount, ...rest } of rows) {
    let group = out.at(-1);
    if (group?.currency !== currency) {
      group = { currency, items: [] };
      out.push(group);
    }
    group.items.push({ ...(rest as unknown as K), count: n, amount: roundMoney(amount, currency) });
  }
  return out;
}

async function topCustomers(db: Db, viewer: Viewer, query: DashboardQuery) {
  // Summed per customer first (a hash of a few thousand customers), named after ranking: grouping
  // by the names too made PostgreSQL sort every order of the period.
  const result = await db.execute<RankedRow<{ customer_id: number; name: string }>>(sql`
    SELECT r.currency, r.customer_id, coalesce(nullif(${customers.companyName}, ''), ${customers.name}) AS name,
      r.n, r.amount::text AS amount
    FROM (
      SELECT currency, customer_id, n, amount,
        row_number() OVER (PARTITION BY currency ORDER BY amount DESC, customer_id) AS place
      FROM (
        SELECT ${orders.currency} AS currency, ${orders.customerId} AS customer_id,
          count(*)::int AS n, sum(${orders.total}) AS amount
        FROM ${orders}
        WHERE ${and(periodOrders(query), orderScope(viewer)) ?? sql`true`}
        GROUP BY ${orders.currency}, ${orders.customerId}
      ) summed
    ) r JOIN ${customers} ON ${customers.id} = r.customer_id
    WHERE r.place <= ${TOP} ORDER BY r.currency, r.place`);
  return byCurrency(result.rows);
}

/**
 * Line value of the current version of each order made in the period, by product (a line picked from
 * the product list), else by model, else by description (case aside), from the day lines
 * (order_day_lines). Its label is that of its largest line (ties: the first label in code order),
 * as each day's row keeps its own largest line and its amount.
 */
async function topProducts(db: Db, viewer: Viewer, query: DashboardQuery) {
  const scope = orderScope(viewer);
  if (scope) return byCurrency(await liveTopProducts(db, and(periodOrders(query), scope), TOP));
  const l = orderDayLines;
  const where = periodOrderDays(query, l);
  const result = await db.execute<RankedRow<{ product_id: number | null; name: string }>>(sql`
    WITH ranked AS (
      SELECT ${l.currency} AS currency, ${l.k} AS k, max(${l.productId}) AS product_id,
        max(${l.labelAmount}) AS best, sum(${l.n})::int AS n, sum(${l.amount}) AS total,
        row_number() OVER (PARTITION BY ${l.currency} ORDER BY sum(${l.amount}) DESC, ${l.k}) AS place
      FROM ${l} WHERE ${where} GROUP BY ${l.currency}, ${l.k}
    ), top AS (SELECT * FROM ranked WHERE place <= ${TOP})
    SELECT t.currency, t.product_id, coalesce(p.name, (
        SELECT min(${l.label} COLLATE "C") FROM ${l}
        WHERE ${where} AND ${l.currency} = t.currency AND ${l.k} = t.k AND ${l.labelAmount} = t.best
      )) AS name, t.n, t.total::text AS amount
    FROM top t LEFT JOIN products p ON p.id = t.product_id
    ORDER BY t.currency, t.place`);
  return byCurrency(result.rows);
}

const skip = Promise.resolve(null);

/**
 * The period's charts for one viewer, each part only when the lists behind it are open to her, and
 * of the records she may open in them (lib/scope.ts).
 */
export async function dashboardCharts(
  db: Db,
  query: DashboardQuery,
  viewer: Viewer,
  reach: ChartReach,
): Promise<DashboardCharts> {
  const days = daysOf(query.from, query.to);
  const [mail, inquiry, funnelRow, value, customersTop, productsTop] = await Promise.all([
    reach.emails ? emailDays(db, viewer, query, days) : skip,
    reach.inquiries ? inquiryCharts(db, viewer, query, days) : skip,
    reach.inquiries && reach.quotations && reach.orders ? funnel(db, viewer, query) : skip,
    reach.orders ? orderValue(db, viewer, query) : skip,
    reach.orders ? topCustomers(db, viewer, query) : skip,
    reach.orders ? topProducts(db, viewer, query) : skip,
  ]);
  return {
    from: query.from,
    to: query.to,
    emails: mail,
    inquiries: inquiry,
    funnel: funnelRow,
    order_value: value,
    top_customers: customersTop,
    top_products: productsTop,
  };
}
