/**
 * The SQL the order list runs for the benchmark's query (as drizzle generates it: the page with its
 * owner and customer names, and the per-currency totals of the whole filtered list), for the bare baseline.
 */
const WHERE = `o.search_text LIKE $1 AND o.status = ANY($2) AND o.currency = ANY($3) AND o.created_at >= $4`;
export const ORDER_LIST_SQL = `SELECT o.*, u.name AS owner_name, coalesce(nullif(c.company_name, ''), c.name) AS customer_name
  FROM orders o LEFT JOIN users u ON u.id = o.owner_id LEFT JOIN customers c ON c.id = o.customer_id
  WHERE ${WHERE}
  ORDER BY o.created_at DESC NULLS LAST, o.id DESC NULLS LAST LIMIT $5 OFFSET $6`;
export const ORDER_TOTALS_SQL = `SELECT o.currency, count(*)::int AS n, sum(o.total)::text AS total, sum(o.paid)::text AS paid
  FROM orders o WHERE ${WHERE} GROUP BY o.currency ORDER BY o.currency`;

export function orderListParams(q: URLSearchParams) {
  const like = `%${(q.get('q') ?? '').toLowerCase()}%`;
  const statuses = (q.get('status') ?? 'in_progress,done').split(',');
  const currencies = (q.get('currency') ?? 'USD').split(',');
  const from = new Date(`${q.get('date_from') ?? '2000-01-01'}T00:00:00Z`);
  const size = Number(q.get('page_size') ?? 20);
  const offset = (Number(q.get('page') ?? 1) - 1) * size;
  return { where: [like, statuses, currencies, from], size, offset };
}
