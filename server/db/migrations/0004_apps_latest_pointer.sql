ALTER TABLE "apps" ADD COLUMN "latest_version_id" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "latest_modified" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "apps_publisher_list_idx" ON "apps" USING btree ("publisher_id","is_bundle","latest_modified" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "apps_list_idx" ON "apps" USING btree ("is_bundle","latest_modified" DESC NULLS LAST,"id" DESC NULLS LAST);