import type { Query } from './snapshot';

// The data that triggers keep from other rows, and its count again from those rows:
//
// - email_day_counts: emails per UTC day and key (migration 0014, from `emails`);
// - order_day_totals and order_day_lines: orders and their current version's lines per UTC day
//   (0016, from `orders` and `document_versions`, what `order_day_refresh` writes for a day);
// - the counters of `tasks` (0018: recipients per status and their opens, from `task_recipients`).
//
// A restore loads the backup's rows, then counts these again, whatever the triggers did while
// loading. With them off (session_replication_role = replica, a superuser) the loaded figures are
// right already. With them on (a database user that may not set it, as on most managed PostgreSQL)
// they write while the base rows load: a loaded row of these tables meets the trigger's row of its
// key (loaded with ON CONFLICT DO NOTHING, see DERIVED_TABLES), and the task counters, loaded with
// `tasks` before its recipients, are added to once more.
//
// Each part is set-based over all days or tasks, not `order_day_refresh` day by day: that takes an
// advisory lock per day until the transaction ends, and years of orders would run out of lock
// slots. The statements must count as the triggers do: change them with the triggers' functions
// (test/backup-derived.test.ts compares them with what the triggers keep).

/**
 * Tables holding derived data only: restore loads their rows without failing on a key the
 * triggers wrote already (ON CONFLICT DO NOTHING), and `rebuildDerivedData` sets them right after.
 */
export const DERIVED_TABLES: ReadonlySet<string> = new Set([
  'email_day_counts',
  'order_day_totals',
  'order_day_lines',
]);

const REBUILD: readonly string[] = [
  // 0014's backfill. The triggers leave a key whose mail is all gone at n = 0 (rows with n = 0
  // mean nothing): these are kept, so a restore holds the rows of its backup.
  'UPDATE email_day_counts SET n = 0 WHERE n <> 0',
  `INSERT INTO email_day_counts (day, account_id, folder, type, handler_id, created_by, send_status, n)
   SELECT (date AT TIME ZONE 'UTC')::date, account_id, folder, type, coalesce(handler_id, 0),
     coalesce(created_by, 0), send_status, count(*)
   FROM emails WHERE deleted_at IS NULL
   GROUP BY 1, 2, 3, 4, 5, 6, 7
   ON CONFLICT (day, account_id, folder, type, handler_id, created_by, send_status) DO UPDATE SET n = excluded.n`,
  // order_day_refresh (0016) over every day at once: a day is the UTC date of created_at. It
  // writes a day whole, so no other row is left.
  'DELETE FROM order_day_totals',
  'DELETE FROM order_day_lines',
  `INSERT INTO order_day_totals (day, owner_id, currency, n, total)
   SELECT (created_at AT TIME ZONE 'UTC')::date, coalesce(owner_id, 0), currency, count(*), sum(total)
   FROM orders WHERE created_at IS NOT NULL
   GROUP BY 1, 2, 3`,
  `INSERT INTO order_day_lines (day, owner_id, currency, k, product_id, label, label_amount, n, amount)
   SELECT day, owner_id, currency, k, max(product_id),
     coalesce((array_agg(label ORDER BY amount DESC, label COLLATE "C"))[1], ''),
     max(amount), count(DISTINCT order_id), sum(amount)
   FROM (
     SELECT (o.created_at AT TIME ZONE 'UTC')::date AS day, coalesce(o.owner_id, 0) AS owner_id, o.currency,
       o.id AS order_id, l.product_id, l.amount, coalesce(l.model, l.description) AS label,
       CASE WHEN l.product_id IS NOT NULL THEN 'p' || l.product_id
            WHEN l.model IS NOT NULL THEN 'm' || lower(l.model)
            WHEN octet_length(l.description) > 1000 THEN 'd' || left(lower(l.description), 200) || md5(lower(l.description))
            ELSE 'd' || lower(coalesce(l.description, '')) END AS k
     FROM orders o
     JOIN document_versions v ON v.kind = 'order' AND v.document_id = o.id AND v.version = o.version
     CROSS JOIN LATERAL (
       SELECT (item->>'product_id')::int AS product_id, nullif(item->>'model', '') AS model,
         item->>'description' AS description, (item->>'amount')::numeric AS amount
       FROM jsonb_array_elements(v.content->'items') AS item
     ) l
     WHERE o.created_at IS NOT NULL
   ) x
   GROUP BY day, owner_id, currency, k`,
  // 0018's backfill, and zero for the tasks without recipients (that backfill leaves them alone).
  `UPDATE tasks t SET
     recipients_pending = c.pending, recipients_sending = c.sending, recipients_sent = c.sent,
     recipients_opened = c.opened, recipients_failed = c.failed, recipients_skipped = c.skipped,
     open_count = c.opens
   FROM (
     SELECT t.id,
       count(r.id) FILTER (WHERE r.status = 'pending') AS pending,
       count(r.id) FILTER (WHERE r.status = 'sending') AS sending,
       count(r.id) FILTER (WHERE r.status = 'sent') AS sent,
       count(r.id) FILTER (WHERE r.status = 'opened') AS opened,
       count(r.id) FILTER (WHERE r.status = 'failed') AS failed,
       count(r.id) FILTER (WHERE r.status = 'skipped') AS skipped,
       coalesce(sum(r.open_count), 0) AS opens
     FROM tasks t LEFT JOIN task_recipients r ON r.task_id = t.id
     GROUP BY t.id
   ) c
   WHERE t.id = c.id
     AND (t.recipients_pending, t.recipients_sending, t.recipients_sent, t.recipients_opened,
          t.recipients_failed, t.recipients_skipped, t.open_count)
       IS DISTINCT FROM (c.pending, c.sending, c.sent, c.opened, c.failed, c.skipped, c.opens)`,
];

/** Counts the derived data again from the base rows (the schema of the latest migration). */
export async function rebuildDerivedData(query: Query): Promise<void> {
  for (const statement of REBUILD) await query(statement);
}
