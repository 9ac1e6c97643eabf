ALTER TABLE "sales_events" ADD COLUMN "dispatched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_activities" ADD COLUMN "attempts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_activities" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "previous_secret" text;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "previous_secret_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sales_events_undispatched_idx" ON "sales_events" USING btree ("seq") WHERE dispatched_at IS NULL;--> statement-breakpoint
-- Events written before deliveries existed are not sent now: they predate every endpoint that could want them.
UPDATE "sales_events" SET "dispatched_at" = "occurred_at";
