/** The SQL the customer list runs for the benchmark's query (as drizzle generates it), for the baseline. */
export const LIST_SQL = `SELECT c.*, u.name AS owner_name FROM customers c LEFT JOIN users u ON u.id = c.owner_id
  WHERE c.deleted_at IS NULL AND c.search_text LIKE $1 AND c.grade = ANY($2)
  ORDER BY c.last_received_at DESC NULLS LAST, c.id DESC NULLS LAST LIMIT $3 OFFSET $4`;
export const LIST_COUNT_SQL = `SELECT count(*)::int AS n FROM customers c
  WHERE c.deleted_at IS NULL AND c.search_text LIKE $1 AND c.grade = ANY($2)`;

export function listParams(q: URLSearchParams) {
  const like = `%${(q.get('q') ?? '').toLowerCase()}%`;
  const grades = (q.get('grade') ?? '1').split(',').map(Number);
  const size = Number(q.get('page_size') ?? 20);
  const offset = (Number(q.get('page') ?? 1) - 1) * size;
  return { list: [like, grades, size, offset], count: [like, grades] };
}
