import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The next number of a series ("QT-2026-0001"), taken inside the caller's transaction: the UPSERT
 * locks the series' row for the year until the transaction ends, so concurrent creates queue on it
 * and a rolled-back create gives its number back (no gaps, no duplicates).
 */
export async function nextNumber(
  tx: Db,
  series: string,
  prefix: string,
  date: Date = new Date(),
): Promise<string> {
  const year = date.getUTCFullYear();
  const result = await tx.execute<{ last: number }>(sql`
    INSERT INTO number_series (series, year, last) VALUES (${series}, ${year}, 1)
    ON CONFLICT (series, year) DO UPDATE SET last = number_series.last + 1
    RETURNING last`);
  const last = Number(result.rows[0]?.last);
  return `${prefix}-${year}-${String(last).padStart(4, '0')}`;
}
