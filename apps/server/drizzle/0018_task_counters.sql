ALTER TABLE "tasks" ADD COLUMN "recipients_pending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "recipients_sending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "recipients_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "recipients_opened" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "recipients_failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "recipients_skipped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "open_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "task_recipients_task_due" ON "task_recipients" USING btree ("task_id","scheduled_at") WHERE status = 'pending';--> statement-breakpoint
-- The counters of tasks (recipients per status, their opens) follow every change of
-- task_recipients: a statement's changes are summed per task and added in that same transaction,
-- whichever code made them (docs/decisions.md, "Task counters"). The tasks rows are locked in id
-- order first, so two writers of one statement's tasks never wait on each other in a circle (a
-- transaction that changes recipients of several tasks does so in one statement, or locks their
-- tasks rows in id order before its first). FOR NO KEY UPDATE, the lock the UPDATE takes anyway:
-- no key changes, so foreign-key checks on these tasks (KEY SHARE) are not held up meanwhile.
CREATE FUNCTION task_counts_add(task_ids int[], statuses text[], ns int[], opens int[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF task_ids IS NULL THEN RETURN; END IF;
  PERFORM 1 FROM tasks WHERE id = ANY(task_ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE tasks t SET
    recipients_pending = t.recipients_pending + d.pending,
    recipients_sending = t.recipients_sending + d.sending,
    recipients_sent = t.recipients_sent + d.sent,
    recipients_opened = t.recipients_opened + d.opened,
    recipients_failed = t.recipients_failed + d.failed,
    recipients_skipped = t.recipients_skipped + d.skipped,
    open_count = t.open_count + d.opens
  FROM (
    SELECT task_id,
      coalesce(sum(n) FILTER (WHERE status = 'pending'), 0) AS pending,
      coalesce(sum(n) FILTER (WHERE status = 'sending'), 0) AS sending,
      coalesce(sum(n) FILTER (WHERE status = 'sent'), 0) AS sent,
      coalesce(sum(n) FILTER (WHERE status = 'opened'), 0) AS opened,
      coalesce(sum(n) FILTER (WHERE status = 'failed'), 0) AS failed,
      coalesce(sum(n) FILTER (WHERE status = 'skipped'), 0) AS skipped,
      coalesce(sum(o), 0) AS opens
    FROM unnest(task_ids, statuses, ns, opens) AS x (task_id, status, n, o)
    GROUP BY task_id
  ) d
  WHERE t.id = d.task_id;
END;
$$;--> statement-breakpoint
CREATE FUNCTION task_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM task_counts_add(array_agg(task_id), array_agg(status), array_agg(1), array_agg(open_count))
  FROM task_counts_new;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION task_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM task_counts_add(array_agg(task_id), array_agg(status), array_agg(-1), array_agg(-open_count))
  FROM task_counts_old;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Only rows whose task, status or opens changed (not a scanner's pixel hit or a new schedule).
CREATE FUNCTION task_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM task_counts_add(array_agg(task_id), array_agg(status), array_agg(n), array_agg(opens))
  FROM (
    SELECT x.task_id, x.status, x.n, x.opens
    FROM task_counts_old o JOIN task_counts_new r ON r.id = o.id
    CROSS JOIN LATERAL (VALUES (o.task_id, o.status, -1, -o.open_count), (r.task_id, r.status, 1, r.open_count))
      AS x (task_id, status, n, opens)
    WHERE (o.task_id, o.status, o.open_count) IS DISTINCT FROM (r.task_id, r.status, r.open_count)
  ) changed;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION task_counts_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tasks SET recipients_pending = 0, recipients_sending = 0, recipients_sent = 0,
    recipients_opened = 0, recipients_failed = 0, recipients_skipped = 0, open_count = 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER task_counts_insert AFTER INSERT ON task_recipients
  REFERENCING NEW TABLE AS task_counts_new FOR EACH STATEMENT EXECUTE FUNCTION task_counts_inserted();--> statement-breakpoint
CREATE TRIGGER task_counts_delete AFTER DELETE ON task_recipients
  REFERENCING OLD TABLE AS task_counts_old FOR EACH STATEMENT EXECUTE FUNCTION task_counts_deleted();--> statement-breakpoint
CREATE TRIGGER task_counts_update AFTER UPDATE ON task_recipients
  REFERENCING OLD TABLE AS task_counts_old NEW TABLE AS task_counts_new
  FOR EACH STATEMENT EXECUTE FUNCTION task_counts_updated();--> statement-breakpoint
CREATE TRIGGER task_counts_truncate AFTER TRUNCATE ON task_recipients
  FOR EACH STATEMENT EXECUTE FUNCTION task_counts_cleared();--> statement-breakpoint
-- The tasks already there.
UPDATE tasks t SET
  recipients_pending = c.pending, recipients_sending = c.sending, recipients_sent = c.sent,
  recipients_opened = c.opened, recipients_failed = c.failed, recipients_skipped = c.skipped,
  open_count = c.opens
FROM (
  SELECT task_id,
    count(*) FILTER (WHERE status = 'pending') AS pending,
    count(*) FILTER (WHERE status = 'sending') AS sending,
    count(*) FILTER (WHERE status = 'sent') AS sent,
    count(*) FILTER (WHERE status = 'opened') AS opened,
    count(*) FILTER (WHERE status = 'failed') AS failed,
    count(*) FILTER (WHERE status = 'skipped') AS skipped,
    coalesce(sum(open_count), 0) AS opens
  FROM task_recipients GROUP BY task_id
) c
WHERE t.id = c.task_id;
