import { asc, desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

const nullsLast = sql` NULLS LAST`;

/** A LIKE pattern that matches the text literally anywhere (%, _ and \ in the text are escaped). */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
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
  const known = (s: string) => Object.hasOwn(columns, s.replace(/^-/, ''));
  const chosen = sort && known(sort) ? sort : fallback;
  const column = columns[chosen.replace(/^-/, '')] as SQLWrapper;
  const descending = chosen.startsWith('-');
  // NULLS LAST so customers that never wrote to us come after those that did, in both directions.
  return descending
    ? [desc(column).append(nullsLast), desc(tiebreaker).append(nullsLast)]
    : [asc(column).append(nullsLast), asc(tiebreaker)];
}

export const offsetOf = (query: { page: number; page_size: number }) => (query.page - 1) * query.page_size;
