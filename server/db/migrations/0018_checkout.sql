CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"app_id" text NOT NULL,
	"kind" text NOT NULL,
	"plan_id" text DEFAULT '' NOT NULL,
	"seats" integer DEFAULT 0 NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"failure" text DEFAULT '' NOT NULL,
	"purchase_id" text,
	"return_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "checkout_sessions_provider_session_id_unique" UNIQUE("provider_session_id")
);
--> statement-breakpoint
CREATE TABLE "license_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"private_key" text NOT NULL,
	"public_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_records" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "purchase_records" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
ALTER TABLE "purchase_records" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "purchase_records" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "purchase_records" ADD COLUMN "refunded_amount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_records" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_sessions_workspace_idx" ON "checkout_sessions" USING btree ("workspace_id","created_at");--> statement-breakpoint
ALTER TABLE "purchase_records" ADD CONSTRAINT "purchase_records_provider_subscription_id_unique" UNIQUE("provider_subscription_id");