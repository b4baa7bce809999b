import {
  type DashboardCharts,
  type DashboardQuery,
  NATION_UNKNOWN,
  nationIdByCode,
  roundMoney,
} from '@quayside/contract';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, emails, orders, quotations } from '../../db/schema';
import { listFilters } from '../email/service';
import { inquiryFilter } from '../inquiries/service';
import { orderFilter } from '../orders/list';

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

const utcDay = (column: SQL | typeof emails.date) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

async function countPerDay(db: Db, where: SQL | undefined): Promise<Map<string, number>> {
  const day = utcDay(emails.date);
  const rows = await db
    .select({ day, n: count() })
    .from(emails)
    .leftJoin(customers, eq(customers.id, emails.customerId))
    .where(where)
    .groupBy(day);
  return new Map(rows.map((r) => [r.day, r.n]));
}

/** Mail received (inbox list) and sent (outbox list, sent or synced from Sent) per day. */
async function emailDays(db: Db, query: DashboardQuery, days: string[]) {
  const ownerId = query.owner_id;
  const period = { date_from: query.from, date_to: query.to };
  const [received, sent] = await Promise.all([
    countPerDay(db, and(...listFilters({ ...page, ...period, folder: 'inbox', handler_id: ownerId }))),
    countPerDay(
      db,
      and(
        ...listFilters({ ...page, ...period, folder: 'outbox' }),
        inArray(emails.sendStatus, ['', 'sent']),
        ownerId ? eq(emails.createdBy, ownerId) : undefined,
      ),
    ),
  ]);
  return days.map((day) => ({ day, received: received.get(day) ?? 0, sent: sent.get(day) ?? 0 }));
}

/** The inquiry list's own filter for the period (and the salesperson as handler). */
const periodInquiries = (query: DashboardQuery) =>
  inquiryFilter({ ...page, date_from: query.from, date_to: query.to, handler_id: query.owner_id });

async function inquiryCharts(db: Db, query: DashboardQuery, days: string[]) {
  const where = periodInquiries(query);
  const code = sql<string>`upper(${emails.senderCountry})`;
  const [perDay, places] = await Promise.all([
    countPerDay(db, where),
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
 * A cohort, so each stage is part of the one before.
 */
async function funnel(db: Db, query: DashboardQuery) {
  const quoted = sql`EXISTS (SELECT 1 FROM ${quotations} WHERE ${quotations.inquiryEmailId} = ${emails.id})`;
  // Nested, so each probe is two index lookups (a join here made PostgreSQL scan every order per inquiry).
  const ordered = sql`EXISTS (SELECT 1 FROM ${quotations} WHERE ${quotations.inquiryEmailId} = ${emails.id} AND EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.quotationId} = ${quotations.id}))`;
  const [row] = await db
    .select({
      inquiries: count(),
      quoted: sql<number>`(count(*) FILTER (WHERE ${quoted}))::int`,
      ordered: sql<number>`(count(*) FILTER (WHERE ${ordered}))::int`,
    })
    .from(emails)
    .leftJoin(customers, eq(customers.id, emails.customerId))
    .where(periodInquiries(query));
  return { inquiries: row?.inquiries ?? 0, quoted: row?.quoted ?? 0, ordered: row?.ordered ?? 0 };
}

/** The order list's own filter: orders made in the period (and owned by the salesperson). */
const periodOrders = (query: DashboardQuery) =>
  orderFilter({ ...page, date_from: query.from, date_to: query.to, owner_id: query.owner_id });

async function orderValue(db: Db, query: DashboardQuery) {
  const month = sql<string>`to_char(${orders.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM')`;
  const rows = await db
    .select({ month, currency: orders.currency, n: count(), amount: sql<string>`sum(${orders.total})::text` })
    .from(orders)
    .where(periodOrders(query))
    .groupBy(month, orders.currency)
    .orderBy(month, orders.currency);
  return rows.map((r) => ({
    month: r.month,
    currency: r.currency,
    count: r.n,
    amount: roundMoney(r.amount, r.currency),
  }));
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

async function topCustomers(db: Db, query: DashboardQuery) {
  const result = await db.execute<RankedRow<{ customer_id: number; name: string }>>(sql`
    SELECT currency, customer_id, name, n, amount FROM (
      SELECT ${orders.currency} AS currency, ${orders.customerId} AS customer_id,
        coalesce(nullif(${customers.companyName}, ''), ${customers.name}) AS name,
        count(*)::int AS n, sum(${orders.total})::text AS amount,
        row_number() OVER (PARTITION BY ${orders.currency} ORDER BY sum(${orders.total}) DESC, ${orders.customerId}) AS place
      FROM ${orders} JOIN ${customers} ON ${customers.id} = ${orders.customerId}
      WHERE ${periodOrders(query) ?? sql`true`}
      GROUP BY ${orders.currency}, ${orders.customerId}, ${customers.companyName}, ${customers.name}
    ) ranked WHERE place <= ${TOP} ORDER BY currency, place`);
  return byCurrency(result.rows);
}

/**
 * Line value of the current version of each order made in the period, by product (a line picked from
 * the product list), else by model, else by description.
 */
async function topProducts(db: Db, query: DashboardQuery) {
  const result = await db.execute<RankedRow<{ product_id: number | null; name: string }>>(sql`
    WITH line AS (
      SELECT ${orders.currency} AS currency, ${orders.id} AS order_id,
        (item->>'product_id')::int AS product_id, nullif(item->>'model', '') AS model,
        item->>'description' AS description, (item->>'amount')::numeric AS amount
      FROM ${orders}
      JOIN document_versions v ON v.kind = 'order' AND v.document_id = ${orders.id} AND v.version = ${orders.version}
      CROSS JOIN LATERAL jsonb_array_elements(v.content->'items') AS item
      WHERE ${periodOrders(query) ?? sql`true`}
    ), keyed AS (
      SELECT currency, order_id, product_id, amount, coalesce(model, description) AS label,
        CASE WHEN product_id IS NOT NULL THEN 'p' || product_id
             WHEN model IS NOT NULL THEN 'm' || lower(model) ELSE 'd' || lower(description) END AS k
      FROM line
    ), ranked AS (
      SELECT currency, k, max(product_id) AS product_id,
        (array_agg(label ORDER BY amount DESC, label COLLATE "C"))[1] AS label,
        count(DISTINCT order_id)::int AS n, sum(amount) AS total,
        row_number() OVER (PARTITION BY currency ORDER BY sum(amount) DESC, k) AS place
      FROM keyed GROUP BY currency, k
    )
    SELECT r.currency, r.product_id, coalesce(p.name, r.label) AS name, r.n, r.total::text AS amount
    FROM ranked r LEFT JOIN products p ON p.id = r.product_id
    WHERE r.place <= ${TOP} ORDER BY r.currency, r.place`);
  return byCurrency(result.rows);
}

const skip = Promise.resolve(null);

/** The period's charts for one viewer, each part only when the lists behind it are open to her. */
export async function dashboardCharts(
  db: Db,
  query: DashboardQuery,
  reach: ChartReach,
): Promise<DashboardCharts> {
  const days = daysOf(query.from, query.to);
  const [mail, inquiry, funnelRow, value, customersTop, productsTop] = await Promise.all([
    reach.emails ? emailDays(db, query, days) : skip,
    reach.inquiries ? inquiryCharts(db, query, days) : skip,
    reach.inquiries && reach.quotations && reach.orders ? funnel(db, query) : skip,
    reach.orders ? orderValue(db, query) : skip,
    reach.orders ? topCustomers(db, query) : skip,
    reach.orders ? topProducts(db, query) : skip,
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
