CREATE TABLE "publish_check_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"severities" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"disallowed_licences" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_versions" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_versions" ADD COLUMN "review_assignee_id" text;--> statement-breakpoint
ALTER TABLE "app_versions" ADD COLUMN "review_citations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "compile_jobs" ADD COLUMN "findings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_review_assignee_id_developers_id_fk" FOREIGN KEY ("review_assignee_id") REFERENCES "public"."developers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "app_versions" SET "submitted_at" = "modified_date" WHERE "status" IN ('author-approved', 'submitted');