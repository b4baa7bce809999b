/**
 * The SQL the product list runs for the benchmark's query (as drizzle generates it: the categories
 * named by the search and within the filter, then the page with its category names and the count,
 * then the page's pictures), for the bare baseline.
 */
export const NAMED_CATEGORIES_SQL = `SELECT c.id FROM product_categories c LEFT JOIN product_categories p ON p.id = c.parent_id
  WHERE lower(c.name) LIKE $1 OR lower(p.name) LIKE $1`;
export const CATEGORIES_WITHIN_SQL =
  'SELECT id FROM product_categories WHERE id = ANY($1) OR parent_id = ANY($1)';
export const PRODUCT_LIST_SQL = `SELECT p.*, CASE WHEN c.id IS NULL THEN '' WHEN pc.id IS NULL THEN c.name ELSE pc.name || ' / ' || c.name END AS category
  FROM products p LEFT JOIN product_categories c ON c.id = p.category_id LEFT JOIN product_categories pc ON pc.id = c.parent_id
  WHERE p.deleted_at IS NULL
    AND (p.search_text LIKE $1 OR p.category_id = ANY($2)) AND p.category_id = ANY($3)
  ORDER BY p.created_at DESC NULLS LAST, p.id DESC NULLS LAST LIMIT $4 OFFSET $5`;
export const PRODUCT_COUNT_SQL = `SELECT count(*)::int AS n FROM products p
  WHERE p.deleted_at IS NULL
    AND (p.search_text LIKE $1 OR p.category_id = ANY($2)) AND p.category_id = ANY($3)`;
export const PRODUCT_PICTURES_SQL = `SELECT pp.product_id, v.* FROM product_pictures pp JOIN picture_variants v ON v.file_id = pp.file_id
  WHERE pp.product_id = ANY($1) ORDER BY pp.product_id, pp.position`;

export function productListParams(q: URLSearchParams) {
  const like = `%${(q.get('q') ?? '').toLowerCase()}%`;
  const categories = (q.get('category') ?? '1').split(',').map(Number);
  const size = Number(q.get('page_size') ?? 20);
  const offset = (Number(q.get('page') ?? 1) - 1) * size;
  return { like, categories, size, offset };
}
