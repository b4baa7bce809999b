/** The list's `sort` parameter (`field`, `-field`) and antd's table sorter, both ways. */

export type SortOrder = 'ascend' | 'descend' | null;

/** How the column of `field` shows the current sort. */
export function sortOrderOf(sort: string, field: string): SortOrder {
  if (sort === field) return 'ascend';
  if (sort === `-${field}`) return 'descend';
  return null;
}

/** The sort after the user clicked a column header; no order (third click) goes back to the default. */
export function sortFromTable(
  field: string | undefined,
  order: SortOrder | undefined,
  fallback: string,
): string {
  if (!field || !order) return fallback;
  return order === 'descend' ? `-${field}` : field;
}
