CREATE TABLE "mail_sends" (
	"job_id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_renders" (
	"name" text PRIMARY KEY NOT NULL,
	"failed" boolean NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- Background work moved to pg-boss (its own schema, made when the portal starts). The old table is kept,
-- renamed, only so that the first start of this version can move the jobs it still holds (queued, or
-- running when the last process stopped) into pg-boss (server/services/jobs.ts, adoptLegacyJobs); a
-- later migration drops it.
ALTER TABLE "jobs" RENAME TO "jobs_legacy";--> statement-breakpoint
ALTER INDEX "jobs_claim_idx" RENAME TO "jobs_legacy_claim_idx";
