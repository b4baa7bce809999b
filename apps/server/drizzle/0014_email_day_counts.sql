CREATE TABLE "email_day_counts" (
	"day" date NOT NULL,
	"account_id" integer NOT NULL,
	"folder" text NOT NULL,
	"type" text NOT NULL,
	"handler_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"send_status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "email_day_counts_day_account_id_folder_type_handler_id_created_by_send_status_pk" PRIMARY KEY("day","account_id","folder","type","handler_id","created_by","send_status")
);
--> statement-breakpoint
-- Each statement's changed rows, taken out (-1, as they were) and put back (+1, as they are), summed
-- per key: an update that moves nothing counted (read, flagged, body) writes nothing. Keys are
-- written in their sort order, so two statements meet their rows' locks in the same order.
CREATE FUNCTION email_day_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO email_day_counts AS c (day, account_id, folder, type, handler_id, created_by, send_status, n)
  SELECT day, account_id, folder, type, handler_id, created_by, send_status, sum(d)
  FROM (
    SELECT (date AT TIME ZONE 'UTC')::date AS day, account_id, folder, type, coalesce(handler_id, 0) AS handler_id,
      coalesce(created_by, 0) AS created_by, send_status, 1 AS d
    FROM email_day_new WHERE deleted_at IS NULL
  ) x
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (day, account_id, folder, type, handler_id, created_by, send_status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION email_day_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO email_day_counts AS c (day, account_id, folder, type, handler_id, created_by, send_status, n)
  SELECT day, account_id, folder, type, handler_id, created_by, send_status, sum(d)
  FROM (
    SELECT (date AT TIME ZONE 'UTC')::date AS day, account_id, folder, type, coalesce(handler_id, 0) AS handler_id,
      coalesce(created_by, 0) AS created_by, send_status, -1 AS d
    FROM email_day_old WHERE deleted_at IS NULL
  ) x
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (day, account_id, folder, type, handler_id, created_by, send_status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION email_day_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO email_day_counts AS c (day, account_id, folder, type, handler_id, created_by, send_status, n)
  SELECT day, account_id, folder, type, handler_id, created_by, send_status, sum(d)
  FROM (
    SELECT (date AT TIME ZONE 'UTC')::date AS day, account_id, folder, type, coalesce(handler_id, 0) AS handler_id,
      coalesce(created_by, 0) AS created_by, send_status, -1 AS d
    FROM email_day_old WHERE deleted_at IS NULL
    UNION ALL
    SELECT (date AT TIME ZONE 'UTC')::date, account_id, folder, type, coalesce(handler_id, 0),
      coalesce(created_by, 0), send_status, 1
    FROM email_day_new WHERE deleted_at IS NULL
  ) x
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(d) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (day, account_id, folder, type, handler_id, created_by, send_status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION email_day_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM email_day_counts;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER email_day_counts_insert AFTER INSERT ON emails
  REFERENCING NEW TABLE AS email_day_new FOR EACH STATEMENT EXECUTE FUNCTION email_day_counts_add();--> statement-breakpoint
CREATE TRIGGER email_day_counts_delete AFTER DELETE ON emails
  REFERENCING OLD TABLE AS email_day_old FOR EACH STATEMENT EXECUTE FUNCTION email_day_counts_remove();--> statement-breakpoint
CREATE TRIGGER email_day_counts_update AFTER UPDATE ON emails
  REFERENCING OLD TABLE AS email_day_old NEW TABLE AS email_day_new
  FOR EACH STATEMENT EXECUTE FUNCTION email_day_counts_move();--> statement-breakpoint
CREATE TRIGGER email_day_counts_truncate AFTER TRUNCATE ON emails
  FOR EACH STATEMENT EXECUTE FUNCTION email_day_counts_clear();--> statement-breakpoint
-- The mail already there (in the same transaction as the triggers: no change slips between).
INSERT INTO email_day_counts (day, account_id, folder, type, handler_id, created_by, send_status, n)
SELECT (date AT TIME ZONE 'UTC')::date, account_id, folder, type, coalesce(handler_id, 0), coalesce(created_by, 0),
  send_status, count(*)
FROM emails WHERE deleted_at IS NULL
GROUP BY 1, 2, 3, 4, 5, 6, 7;
