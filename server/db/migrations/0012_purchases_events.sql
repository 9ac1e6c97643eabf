CREATE TABLE "sales_events" (
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sales_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"publisher_id" text NOT NULL,
	"app_id" text NOT NULL,
	"purchase_id" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
DROP INDEX "purchase_records_date_idx";--> statement-breakpoint
ALTER TABLE "purchase_records" ADD COLUMN "publisher_id" text;--> statement-breakpoint
UPDATE "purchase_records" p SET "publisher_id" = a."publisher_id" FROM "apps" a WHERE a."id" = p."app_id";--> statement-breakpoint
ALTER TABLE "purchase_records" ALTER COLUMN "publisher_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_records" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
UPDATE "purchase_records" SET "ended_at" = least(coalesce("period_end", "date"), now()) WHERE "subscription_status" IN ('cancelled', 'pastDue');--> statement-breakpoint
ALTER TABLE "purchase_records" ADD COLUMN "position" bigint;--> statement-breakpoint
ALTER TABLE "purchase_records" ADD COLUMN "publisher_position" bigint;--> statement-breakpoint
ALTER TABLE "sales_events" ADD CONSTRAINT "sales_events_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_events_seq_idx" ON "sales_events" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "sales_events_publisher_idx" ON "sales_events" USING btree ("publisher_id","seq");--> statement-breakpoint
ALTER TABLE "purchase_records" ADD CONSTRAINT "purchase_records_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_records_position_idx" ON "purchase_records" USING btree ("position");--> statement-breakpoint
CREATE INDEX "purchase_records_publisher_position_idx" ON "purchase_records" USING btree ("publisher_id","publisher_position");--> statement-breakpoint
-- Purchase records are numbered twice (as migration 0008 numbers compile jobs): `position` over all records
-- (the admin list) and `publisher_position` within the app's publisher (the publisher's list), so a page at
-- any depth is a range of positions. The two counters are always taken in the same order (all, then the
-- publisher), so concurrent inserts cannot deadlock.
CREATE FUNCTION portal_position_purchase() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.position := portal_count('purchase_records', 'all', 1);
  NEW.publisher_position := portal_count('purchase_records', 'publisher:' || NEW.publisher_id, 1);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION portal_unposition_purchase() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_count('purchase_records', 'all', -1);
  PERFORM portal_count('purchase_records', 'publisher:' || OLD.publisher_id, -1);
  UPDATE purchase_records SET position = position - 1 WHERE position > OLD.position;
  UPDATE purchase_records SET publisher_position = publisher_position - 1 WHERE publisher_id = OLD.publisher_id AND publisher_position > OLD.publisher_position;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER purchase_records_position BEFORE INSERT ON purchase_records FOR EACH ROW EXECUTE FUNCTION portal_position_purchase();
--> statement-breakpoint
CREATE TRIGGER purchase_records_unposition AFTER DELETE ON purchase_records FOR EACH ROW EXECUTE FUNCTION portal_unposition_purchase();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_recount() RETURNS void LANGUAGE sql AS $$
  DELETE FROM row_counts;
  INSERT INTO row_counts (list, scope, n) SELECT 'apps', 'bundle:' || is_bundle, count(*) FROM apps GROUP BY is_bundle;
  INSERT INTO row_counts (list, scope, n) SELECT 'apps', 'publisher:' || publisher_id || ':bundle:' || is_bundle, count(*) FROM apps GROUP BY publisher_id, is_bundle;
  DELETE FROM app_list_days;
  INSERT INTO app_list_days (scope, day, n) SELECT 'bundle:' || is_bundle, portal_app_day(latest_modified), count(*) FROM apps GROUP BY 1, 2;
  INSERT INTO app_list_days (scope, day, n) SELECT 'publisher:' || publisher_id || ':bundle:' || is_bundle, portal_app_day(latest_modified), count(*) FROM apps GROUP BY 1, 2;
  UPDATE compile_jobs c SET position = p.n FROM (SELECT id, row_number() OVER (ORDER BY requested_at, id) AS n FROM compile_jobs) p WHERE c.id = p.id AND c.position IS DISTINCT FROM p.n;
  UPDATE activity_logs c SET position = p.n FROM (SELECT id, row_number() OVER (PARTITION BY app_id ORDER BY "when", id) AS n FROM activity_logs) p WHERE c.id = p.id AND c.position IS DISTINCT FROM p.n;
  UPDATE usage_records c SET position = p.n FROM (SELECT id, row_number() OVER (PARTITION BY app_id ORDER BY created_date, id) AS n FROM usage_records) p WHERE c.id = p.id AND c.position IS DISTINCT FROM p.n;
  UPDATE purchase_records c SET position = p.n, publisher_position = p.pn
    FROM (SELECT id, row_number() OVER (ORDER BY date, id) AS n, row_number() OVER (PARTITION BY publisher_id ORDER BY date, id) AS pn FROM purchase_records) p
    WHERE c.id = p.id AND (c.position IS DISTINCT FROM p.n OR c.publisher_position IS DISTINCT FROM p.pn);
  INSERT INTO row_counts (list, scope, n) SELECT 'compile_jobs', 'all', count(*) FROM compile_jobs;
  INSERT INTO row_counts (list, scope, n) SELECT 'activity_logs', app_id, count(*) FROM activity_logs GROUP BY app_id;
  INSERT INTO row_counts (list, scope, n) SELECT 'usage_records', app_id, count(*) FROM usage_records GROUP BY app_id;
  INSERT INTO row_counts (list, scope, n) SELECT 'purchase_records', 'all', count(*) FROM purchase_records;
  INSERT INTO row_counts (list, scope, n) SELECT 'purchase_records', 'publisher:' || publisher_id, count(*) FROM purchase_records GROUP BY publisher_id;
$$;
--> statement-breakpoint
UPDATE purchase_records c SET position = p.n, publisher_position = p.pn
  FROM (SELECT id, row_number() OVER (ORDER BY date, id) AS n, row_number() OVER (PARTITION BY publisher_id ORDER BY date, id) AS pn FROM purchase_records) p
  WHERE c.id = p.id;
--> statement-breakpoint
INSERT INTO row_counts (list, scope, n) SELECT 'purchase_records', 'all', count(*) FROM purchase_records;
--> statement-breakpoint
INSERT INTO row_counts (list, scope, n) SELECT 'purchase_records', 'publisher:' || publisher_id, count(*) FROM purchase_records GROUP BY publisher_id;
