import { and, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailDayCounts as d } from '../../db/schema';

/**
 * The dashboard's mail figures read from email_day_counts (emails per UTC day, kept by triggers on
 * `emails`; migration 0014) instead of counting the emails themselves. Each condition below is the
 * list filter it replaces, put in the rollup's columns: the rollup holds no email deleted forever,
 * and its days are the lists' whole UTC days, so a day range is the lists' date_from/date_to.
 */

/** The email list's inbox (listFilters folder inbox, handler_id). */
export const receivedMail = (handlerId: number | undefined) =>
  and(eq(d.folder, 'inbox'), handlerId ? eq(d.handlerId, handlerId) : undefined);

/** The outbox list's mail that went out (send status '' synced from Sent, or sent), by its author. */
export const sentMail = (createdBy: number | undefined) =>
  and(
    eq(d.folder, 'outbox'),
    inArray(d.sendStatus, ['', 'sent']),
    createdBy ? eq(d.createdBy, createdBy) : undefined,
  );

/** The outbox list's failed sends, by their author. */
export const failedSends = (createdBy: number | undefined) =>
  and(eq(d.folder, 'outbox'), eq(d.sendStatus, 'failed'), createdBy ? eq(d.createdBy, createdBy) : undefined);

/** The inquiry list's filter (type inquiry, not trashed), and its handler. */
export const inquiryMail = (handlerId: number | undefined) =>
  and(eq(d.type, 'inquiry'), ne(d.folder, 'trash'), handlerId ? eq(d.handlerId, handlerId) : undefined);

/** Whole UTC days, first and last included; either end may be open. */
export const daysBetween = (from: string | undefined, to: string | undefined) =>
  and(from ? gte(d.day, from) : undefined, to ? lte(d.day, to) : undefined);

/** Emails per day ('YYYY-MM-DD' → count) for the rows `where` picks. */
export async function mailPerDay(db: Db, where: SQL | undefined): Promise<Map<string, number>> {
  const rows = await db
    .select({ day: d.day, n: sql<number>`sum(${d.n})::int` })
    .from(d)
    .where(where)
    .groupBy(d.day);
  return new Map(rows.map((r) => [r.day, r.n]));
}

/** Emails in all the rows `where` picks. */
export async function mailCount(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${d.n}), 0)::int` })
    .from(d)
    .where(where);
  return row?.n ?? 0;
}
