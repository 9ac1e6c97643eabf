ALTER TABLE "developers" ADD COLUMN "notifications_off" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "app_versions_published_idx" ON "app_versions" USING btree ("app_id") WHERE "app_versions"."status" = 'published';--> statement-breakpoint
CREATE UNIQUE INDEX "categories_title_ci_uq" ON "categories" USING btree (lower("title"));