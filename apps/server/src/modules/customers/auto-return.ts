import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { getPoolSettings } from '../settings/service';
import { changed } from './service';

const DAY_MS = 86_400_000;
/** How long before its return a customer shows in its owner's to-do. */
export const RETURN_WARNING_DAYS = 3;

/**
 * The last thing that happened with customer `c`: the customer created or edited (its remark is
 * where notes go; a claim or transfer counts as an edit), mail in or out with it (drafts aside), a
 * quotation or order of it changed.
 */
const lastActivity = sql`greatest(
  c.created_at,
  c.updated_at,
  c.last_received_at,
  (SELECT max(e.date) FROM emails e
    WHERE e.customer_id = c.id AND e.deleted_at IS NULL AND e.folder <> 'drafts'),
  (SELECT max(q.updated_at) FROM quotations q WHERE q.customer_id = c.id),
  (SELECT max(o.updated_at) FROM orders o WHERE o.customer_id = c.id)
)`;

/** Customers owned by a salesperson (not an admin: an admin's customers never return). */
const salesOwned = sql`c.deleted_at IS NULL
  AND 'sales' = ANY (u.roles) AND NOT ('admin' = ANY (u.roles))`;

/**
 * Auto-return (company setting `auto_return_days`, off when null): customers of a salesperson with
 * no activity for that many days before `now` go back to the pool, each with an audit line; their
 * documents stay with their owners, as on a release. One statement: rows taken with
 * FOR UPDATE SKIP LOCKED and changed only while their owner is still the one read, so two
 * instances running it at once, or a second run, return each customer once. Answers how many returned.
 */
export async function autoReturnCustomers(db: Db, now: Date): Promise<number> {
  const { auto_return_days: days } = await getPoolSettings(db);
  if (!days) return 0;
  const before = new Date(now.getTime() - days * DAY_MS);
  const { rows } = await db.execute<{ customer_id: number }>(sql`
    WITH due AS (
      SELECT c.id, c.owner_id FROM customers c JOIN users u ON u.id = c.owner_id
      WHERE ${salesOwned} AND ${lastActivity} < ${before.toISOString()}::timestamptz
      ORDER BY c.id
      FOR UPDATE OF c SKIP LOCKED
    ), returned AS (
      UPDATE customers SET owner_id = NULL, updated_at = ${now.toISOString()}::timestamptz
      FROM due WHERE customers.id = due.id AND customers.owner_id = due.owner_id
      RETURNING customers.id, due.owner_id
    )
    INSERT INTO customer_owner_changes (customer_id, from_user_id, to_user_id, by_user_id, reason, at)
    SELECT id, owner_id, NULL, NULL, 'auto_return', ${now.toISOString()}::timestamptz FROM returned
    RETURNING customer_id`);
  if (rows.length > 0) changed(db);
  return rows.length;
}

export type ReturningCustomer = { id: number; company_name: string; name: string; returns_at: string };

/**
 * A salesperson's customers that auto-return within RETURN_WARNING_DAYS of `now` unless something
 * happens with them: her to-do's list (empty while auto-return is off).
 */
export async function customersReturningSoon(
  db: Db,
  ownerId: number,
  now: Date,
): Promise<ReturningCustomer[]> {
  const { auto_return_days: days } = await getPoolSettings(db);
  if (!days) return [];
  const before = new Date(now.getTime() - (days - RETURN_WARNING_DAYS) * DAY_MS);
  const { rows } = await db.execute<{
    id: number;
    company_name: string;
    name: string;
    last_at: string | Date;
  }>(
    sql`
    SELECT c.id, c.company_name, c.name, ${lastActivity} AS last_at
    FROM customers c JOIN users u ON u.id = c.owner_id
    WHERE c.owner_id = ${ownerId} AND ${salesOwned} AND ${lastActivity} < ${before.toISOString()}::timestamptz
    ORDER BY last_at, c.id
    LIMIT 200`,
  );
  return rows.map((r) => ({
    id: r.id,
    company_name: r.company_name,
    name: r.name,
    returns_at: new Date(new Date(r.last_at).getTime() + days * DAY_MS).toISOString(),
  }));
}
