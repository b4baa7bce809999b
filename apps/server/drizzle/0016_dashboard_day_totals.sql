CREATE TABLE "order_day_lines" (
	"day" date NOT NULL,
	"owner_id" integer NOT NULL,
	"currency" text NOT NULL,
	"k" text NOT NULL,
	"product_id" integer,
	"label" text NOT NULL,
	"label_amount" numeric NOT NULL,
	"n" integer NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "order_day_lines_day_owner_id_currency_k_pk" PRIMARY KEY("day","owner_id","currency","k")
);
--> statement-breakpoint
CREATE TABLE "order_day_totals" (
	"day" date NOT NULL,
	"owner_id" integer NOT NULL,
	"currency" text NOT NULL,
	"n" integer NOT NULL,
	"total" numeric NOT NULL,
	CONSTRAINT "order_day_totals_day_owner_id_currency_pk" PRIMARY KEY("day","owner_id","currency")
);
--> statement-breakpoint
CREATE INDEX "emails_inquiry_date" ON "emails" USING btree ("date","id","thread_id","customer_id","sender_country","handler_id") WHERE type = 'inquiry' AND deleted_at IS NULL AND folder <> 'trash';--> statement-breakpoint
CREATE INDEX "emails_thread_answers" ON "emails" USING btree ("thread_id") WHERE direction = 'out' AND send_status IN ('', 'sent') AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "orders_created" ON "orders" USING btree ("created_at");--> statement-breakpoint
-- Counts the given days again from their orders (the current version's lines, keyed as the
-- top-products chart ranks them). One transaction at a time per day (an advisory lock taken in day
-- order, so two never wait on each other in a circle): a day is deleted and written whole.
CREATE FUNCTION order_day_refresh(days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d date;
BEGIN
  FOR d IN SELECT DISTINCT x FROM unnest(days) AS x WHERE x IS NOT NULL ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(1869771333, d - date '2000-01-01');
    DELETE FROM order_day_totals WHERE day = d;
    DELETE FROM order_day_lines WHERE day = d;
    INSERT INTO order_day_totals (day, owner_id, currency, n, total)
    SELECT d, coalesce(owner_id, 0), currency, count(*), sum(total)
    FROM orders
    WHERE created_at >= d::timestamp AT TIME ZONE 'UTC' AND created_at < (d + 1)::timestamp AT TIME ZONE 'UTC'
    GROUP BY 2, 3;
    INSERT INTO order_day_lines (day, owner_id, currency, k, product_id, label, label_amount, n, amount)
    SELECT d, owner_id, currency, k, max(product_id),
      coalesce((array_agg(label ORDER BY amount DESC, label COLLATE "C"))[1], ''),
      max(amount), count(DISTINCT order_id), sum(amount)
    FROM (
      SELECT coalesce(o.owner_id, 0) AS owner_id, o.currency, o.id AS order_id, l.product_id, l.amount,
        coalesce(l.model, l.description) AS label,
        CASE WHEN l.product_id IS NOT NULL THEN 'p' || l.product_id
             WHEN l.model IS NOT NULL THEN 'm' || lower(l.model)
             -- A long text (up to 2,000 characters) would pass the key index's row limit: its
             -- start and a hash of it instead.
             WHEN octet_length(l.description) > 1000 THEN 'd' || left(lower(l.description), 200) || md5(lower(l.description))
             ELSE 'd' || lower(coalesce(l.description, '')) END AS k
      FROM orders o
      JOIN document_versions v ON v.kind = 'order' AND v.document_id = o.id AND v.version = o.version
      CROSS JOIN LATERAL (
        SELECT (item->>'product_id')::int AS product_id, nullif(item->>'model', '') AS model,
          item->>'description' AS description, (item->>'amount')::numeric AS amount
        FROM jsonb_array_elements(v.content->'items') AS item
      ) l
      WHERE o.created_at >= d::timestamp AT TIME ZONE 'UTC' AND o.created_at < (d + 1)::timestamp AT TIME ZONE 'UTC'
    ) x
    GROUP BY owner_id, currency, k;
  END LOOP;
END;
$$;--> statement-breakpoint
CREATE FUNCTION order_day_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_day_refresh(ARRAY(SELECT (created_at AT TIME ZONE 'UTC')::date FROM order_day_new));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION order_day_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_day_refresh(ARRAY(SELECT (created_at AT TIME ZONE 'UTC')::date FROM order_day_old));
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Only orders whose day, salesperson, currency, total or version changed (not a payment or status).
CREATE FUNCTION order_day_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_day_refresh(ARRAY(
    SELECT (x.created_at AT TIME ZONE 'UTC')::date
    FROM order_day_old o JOIN order_day_new n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.created_at), (n.created_at)) AS x (created_at)
    WHERE (o.created_at, o.owner_id, o.currency, o.total, o.version)
      IS DISTINCT FROM (n.created_at, n.owner_id, n.currency, n.total, n.version)));
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A new version's lines count once the order points at it (whichever of the two is written first).
CREATE FUNCTION order_day_version_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_day_refresh(ARRAY(
    SELECT (o.created_at AT TIME ZONE 'UTC')::date FROM orders o
    WHERE o.id IN (SELECT document_id FROM order_day_versions WHERE kind = 'order')));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION order_day_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_day_totals;
  DELETE FROM order_day_lines;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER order_day_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS order_day_new FOR EACH STATEMENT EXECUTE FUNCTION order_day_inserted();--> statement-breakpoint
CREATE TRIGGER order_day_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS order_day_old FOR EACH STATEMENT EXECUTE FUNCTION order_day_deleted();--> statement-breakpoint
CREATE TRIGGER order_day_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS order_day_old NEW TABLE AS order_day_new
  FOR EACH STATEMENT EXECUTE FUNCTION order_day_updated();--> statement-breakpoint
CREATE TRIGGER order_day_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_day_clear();--> statement-breakpoint
CREATE TRIGGER order_day_version AFTER INSERT ON document_versions
  REFERENCING NEW TABLE AS order_day_versions FOR EACH STATEMENT EXECUTE FUNCTION order_day_version_added();--> statement-breakpoint
-- The orders already there.
SELECT order_day_refresh(ARRAY(SELECT DISTINCT (created_at AT TIME ZONE 'UTC')::date FROM orders));
