CREATE TABLE "app_installs" (
	"workspace_id" text NOT NULL,
	"app_id" text NOT NULL,
	"version" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "app_installs_workspace_id_app_id_pk" PRIMARY KEY("workspace_id","app_id")
);
--> statement-breakpoint
CREATE TABLE "install_days" (
	"publisher_id" text NOT NULL,
	"app_id" text NOT NULL,
	"version" text NOT NULL,
	"day" date NOT NULL,
	"installs" integer DEFAULT 0 NOT NULL,
	"updates" integer DEFAULT 0 NOT NULL,
	"uninstalls" integer DEFAULT 0 NOT NULL,
	"active_delta" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "install_days_publisher_id_app_id_version_day_pk" PRIMARY KEY("publisher_id","app_id","version","day")
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"publisher_id" text NOT NULL,
	"app_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"day" date NOT NULL,
	"gross" numeric(12, 2) DEFAULT 0 NOT NULL,
	"fees" numeric(12, 2) DEFAULT 0 NOT NULL,
	"refunds" numeric(12, 2) DEFAULT 0 NOT NULL,
	"net" numeric(12, 2) DEFAULT 0 NOT NULL,
	"payouts" numeric(12, 2) DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"new_subscriptions" integer DEFAULT 0 NOT NULL,
	"cancelled_subscriptions" integer DEFAULT 0 NOT NULL,
	"trial_starts" integer DEFAULT 0 NOT NULL,
	"trial_conversions" integer DEFAULT 0 NOT NULL,
	"mrr_delta" numeric(14, 4) DEFAULT 0 NOT NULL,
	"live_delta" integer DEFAULT 0 NOT NULL,
	"trialing_delta" integer DEFAULT 0 NOT NULL,
	"seats_delta" integer DEFAULT 0 NOT NULL,
	"refunds_count" integer DEFAULT 0 NOT NULL,
	"available" numeric(12, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "report_days_publisher_id_app_id_plan_id_day_pk" PRIMARY KEY("publisher_id","app_id","plan_id","day")
);
--> statement-breakpoint
CREATE TABLE "sales_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"publisher_id" text NOT NULL,
	"app_id" text NOT NULL,
	"plan_id" text DEFAULT '' NOT NULL,
	"purchase_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"seats" integer DEFAULT 0 NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"fee" numeric(12, 2) NOT NULL,
	"net" numeric(12, 2) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"available_on" timestamp with time zone NOT NULL,
	CONSTRAINT "sales_lines_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "app_install_events" ADD COLUMN "publisher_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_lines" ADD CONSTRAINT "sales_lines_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "install_days_day_idx" ON "install_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "report_days_day_idx" ON "report_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "sales_lines_publisher_at_idx" ON "sales_lines" USING btree ("publisher_id","at","id");--> statement-breakpoint
CREATE INDEX "sales_lines_app_at_idx" ON "sales_lines" USING btree ("app_id","at","id");--> statement-breakpoint
CREATE INDEX "sales_lines_at_idx" ON "sales_lines" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "sales_lines_publisher_available_idx" ON "sales_lines" USING btree ("publisher_id","available_on","id");--> statement-breakpoint
CREATE INDEX "app_install_events_publisher_at_idx" ON "app_install_events" USING btree ("publisher_id","at","id");--> statement-breakpoint
CREATE INDEX "app_install_events_at_idx" ON "app_install_events" USING btree ("at","id");--> statement-breakpoint
-- What existed before the roll-ups (docs/reports.md "Before the roll-ups"): install reports replayed into their
-- days and each workspace's current version; subscriptions as they stand now, counted from the day they were
-- made (cancelled ones until they ended). Money is not replayed: sales lines start with this migration.
UPDATE "app_install_events" e SET "publisher_id" = a."publisher_id" FROM "apps" a WHERE a."id" = e."app_id";--> statement-breakpoint
INSERT INTO "install_days" ("publisher_id", "app_id", "version", "day", "installs", "updates", "uninstalls")
SELECT "publisher_id", "app_id", "app_version", ("at" AT TIME ZONE 'UTC')::date,
  count(*) FILTER (WHERE "action" = 'install'), count(*) FILTER (WHERE "action" = 'update'), count(*) FILTER (WHERE "action" = 'uninstall')
FROM "app_install_events" WHERE "action" <> 'download' GROUP BY 1, 2, 3, 4;--> statement-breakpoint
WITH s AS (
  SELECT "publisher_id", "app_id", "at",
    CASE WHEN "action" = 'uninstall' THEN '' ELSE "app_version" END AS is_v,
    coalesce(lag(CASE WHEN "action" = 'uninstall' THEN '' ELSE "app_version" END) OVER (PARTITION BY "workspace_id", "app_id" ORDER BY "at", "id"), '') AS was_v
  FROM "app_install_events" WHERE "action" <> 'download'
), d AS (
  SELECT "publisher_id", "app_id", was_v AS version, ("at" AT TIME ZONE 'UTC')::date AS day, -1 AS delta FROM s WHERE was_v <> '' AND was_v <> is_v
  UNION ALL
  SELECT "publisher_id", "app_id", is_v, ("at" AT TIME ZONE 'UTC')::date, 1 FROM s WHERE is_v <> '' AND was_v <> is_v
)
INSERT INTO "install_days" ("publisher_id", "app_id", "version", "day", "active_delta")
SELECT "publisher_id", "app_id", version, day, sum(delta) FROM d GROUP BY 1, 2, 3, 4
ON CONFLICT ("publisher_id", "app_id", "version", "day") DO UPDATE SET "active_delta" = "install_days"."active_delta" + excluded."active_delta";--> statement-breakpoint
INSERT INTO "app_installs" ("workspace_id", "app_id", "version", "since")
SELECT DISTINCT ON ("workspace_id", "app_id") "workspace_id", "app_id", CASE WHEN "action" = 'uninstall' THEN '' ELSE "app_version" END, "at"
FROM "app_install_events" WHERE "action" <> 'download' ORDER BY "workspace_id", "app_id", "at" DESC, "id" DESC;--> statement-breakpoint
INSERT INTO "report_days" ("publisher_id", "app_id", "plan_id", "day", "new_subscriptions", "live_delta", "trialing_delta", "seats_delta", "mrr_delta")
SELECT p."publisher_id", p."app_id", p."plan_id", (p."date" AT TIME ZONE 'UTC')::date, count(*), count(*),
  count(*) FILTER (WHERE p."subscription_status" = 'trialing'),
  sum(CASE WHEN p."subscription_status" <> 'cancelled' AND p."is_seat_based" THEN p."seats" ELSE 0 END),
  sum(CASE WHEN p."subscription_status" IN ('active', 'cancelling') AND p."price" > 0
    THEN CASE WHEN p."plan_id" LIKE '%:yearly' OR b."strategy" = 'yearly' THEN p."price" / 12 ELSE p."price" END ELSE 0 END)
FROM "purchase_records" p LEFT JOIN "bundle_plans" b ON b."id" = p."plan_id"
WHERE p."purchase_type" = 'subscription' GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "report_days" ("publisher_id", "app_id", "plan_id", "day", "cancelled_subscriptions", "live_delta")
SELECT "publisher_id", "app_id", "plan_id", (coalesce("ended_at", "date") AT TIME ZONE 'UTC')::date, count(*), -count(*)
FROM "purchase_records" WHERE "purchase_type" = 'subscription' AND "subscription_status" = 'cancelled' GROUP BY 1, 2, 3, 4
ON CONFLICT ("publisher_id", "app_id", "plan_id", "day") DO UPDATE SET
  "cancelled_subscriptions" = "report_days"."cancelled_subscriptions" + excluded."cancelled_subscriptions",
  "live_delta" = "report_days"."live_delta" + excluded."live_delta";
