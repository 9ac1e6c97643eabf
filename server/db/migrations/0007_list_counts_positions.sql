CREATE TABLE "row_counts" (
	"list" text NOT NULL,
	"scope" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "row_counts_list_scope_pk" PRIMARY KEY("list","scope")
);
--> statement-breakpoint
DROP INDEX "activity_logs_app_idx";--> statement-breakpoint
DROP INDEX "compile_jobs_requested_idx";--> statement-breakpoint
DROP INDEX "usage_records_app_idx";--> statement-breakpoint
DROP INDEX "apps_publisher_list_idx";--> statement-breakpoint
DROP INDEX "apps_list_idx";--> statement-breakpoint
ALTER TABLE "activity_logs" ADD COLUMN "position" bigint;--> statement-breakpoint
ALTER TABLE "compile_jobs" ADD COLUMN "position" bigint;--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "position" bigint;--> statement-breakpoint
CREATE INDEX "activity_logs_app_position_idx" ON "activity_logs" USING btree ("app_id","position");--> statement-breakpoint
CREATE INDEX "compile_jobs_position_idx" ON "compile_jobs" USING btree ("position");--> statement-breakpoint
CREATE INDEX "usage_records_app_position_idx" ON "usage_records" USING btree ("app_id","position");--> statement-breakpoint
CREATE INDEX "apps_publisher_list_idx" ON "apps" USING btree ("publisher_id","is_bundle","latest_modified","id");--> statement-breakpoint
CREATE INDEX "apps_list_idx" ON "apps" USING btree ("is_bundle","latest_modified","id");