import { asc, desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

const nullsLast = sql` NULLS LAST`;

/** A LIKE pattern that matches the text literally anywhere (%, _ and \ in the text are escaped). */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * The column a `sort` key names (`field` or `-field`) among a list's own columns, or undefined: a
 * name every object inherits (`__proto__`, `constructor`) is no column.
 */
export function sortColumn<C extends Record<string, SQLWrapper>>(
  columns: C,
  sort: string,
): C[keyof C] | undefined {
  const key = sort.replace(/^-/, '');
  return Object.hasOwn(columns, key) ? columns[key as keyof C] : undefined;
}

/**
 * The ORDER BY of a list's `sort` parameter (`field` ascending, `-field` descending), from the
 * columns a module allows; anything else falls back to the default. A unique tiebreaker keeps pages stable.
 */
export function orderBy<C extends Record<string, SQLWrapper>>(
  sort: string | undefined,
  columns: C,
  fallback: `${'-' | ''}${keyof C & string}`,
  tiebreaker: SQLWrapper,
): SQL[] {
  const chosen = sort && sortColumn(columns, sort) ? sort : fallback;
  const column = sortColumn(columns, chosen) as SQLWrapper;
  const descending = chosen.startsWith('-');
  // NULLS LAST so customers that never wrote to us come after those that did, in both directions.
  return descending
    ? [desc(column).append(nullsLast), desc(tiebreaker).append(nullsLast)]
    : [asc(column).append(nullsLast), asc(tiebreaker)];
}

export const offsetOf = (query: { page: number; page_size: number }) => (query.page - 1) * query.page_size;
