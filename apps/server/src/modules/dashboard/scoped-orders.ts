import { roundMoney } from '@quayside/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';

/**
 * The order charts of a viewer whose orders are not one owner's: a salesperson sees the orders she
 * owns and those of her customers (lib/scope.ts `documentScope`), while the day totals
 * (order_day_totals, order_day_lines) are kept per owner only. Her orders of a period are few, so
 * they are read from the orders themselves, with the same keys and labels the day totals use
 * (migration 0016, `order_day_refresh`). `where` is the order list's filter and the scope.
 */
export async function liveOrderValue(db: Db, where: SQL | undefined) {
  const month = sql<string>`to_char(${orders.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      currency: orders.currency,
      n: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${orders.total})::text`,
    })
    .from(orders)
    .where(where)
    .groupBy(month, orders.currency)
    .orderBy(month, orders.currency);
  return toMonthTotals(rows);
}

/** Per-month order totals as the chart shows them: the amount rounded to the currency's places. */
export function toMonthTotals(rows: { month: string; currency: string; n: number; amount: string }[]) {
  return rows.map((r) => ({
    month: r.month,
    currency: r.currency,
    count: r.n,
    amount: roundMoney(r.amount, r.currency),
  }));
}

type ProductRow = { currency: string; product_id: number | null; name: string; n: number; amount: string };

/** The current version's lines of the orders `where` picks, ranked per currency like the day lines. */
export async function liveTopProducts(db: Db, where: SQL | undefined, top: number): Promise<ProductRow[]> {
  const result = await db.execute<ProductRow>(sql`
    WITH lines AS (
      SELECT ${orders.currency} AS currency, ${orders.id} AS order_id, l.product_id, l.amount,
        coalesce(l.model, l.description) AS label,
        CASE WHEN l.product_id IS NOT NULL THEN 'p' || l.product_id
             WHEN l.model IS NOT NULL THEN 'm' || lower(l.model)
             WHEN octet_length(l.description) > 1000 THEN 'd' || left(lower(l.description), 200) || md5(lower(l.description))
             ELSE 'd' || lower(coalesce(l.description, '')) END AS k
      FROM ${orders}
      JOIN document_versions v ON v.kind = 'order' AND v.document_id = ${orders.id} AND v.version = ${orders.version}
      CROSS JOIN LATERAL (
        SELECT (item->>'product_id')::int AS product_id, nullif(item->>'model', '') AS model,
          item->>'description' AS description, (item->>'amount')::numeric AS amount
        FROM jsonb_array_elements(v.content->'items') AS item
      ) l
      WHERE ${where ?? sql`true`}
    ), ranked AS (
      SELECT currency, k, max(product_id) AS product_id, count(DISTINCT order_id)::int AS n,
        sum(amount) AS total,
        coalesce((array_agg(label ORDER BY amount DESC, label COLLATE "C"))[1], '') AS label,
        row_number() OVER (PARTITION BY currency ORDER BY sum(amount) DESC, k) AS place
      FROM lines GROUP BY currency, k
    )
    SELECT r.currency, r.product_id, coalesce(p.name, r.label) AS name, r.n, r.total::text AS amount
    FROM ranked r LEFT JOIN products p ON p.id = r.product_id
    WHERE r.place <= ${top}
    ORDER BY r.currency, r.place`);
  return result.rows;
}
