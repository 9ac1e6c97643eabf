-- A version's screenshots in the order its publisher puts them (position, 0 first), each with a caption; the rows
-- there are keep the order they were listed in (by when they were added).
DROP INDEX "screenshots_version_idx";--> statement-breakpoint
ALTER TABLE "screenshots" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "screenshots" ADD COLUMN "caption" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "screenshots" AS s SET "position" = o.n - 1
  FROM (SELECT "id", row_number() OVER (PARTITION BY "internal_id" ORDER BY "created_at", "id") AS n FROM "screenshots") AS o
  WHERE o."id" = s."id";--> statement-breakpoint
CREATE INDEX "screenshots_version_idx" ON "screenshots" USING btree ("internal_id","position","created_at");
