CREATE TABLE "payment_connects" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"publisher_id" text NOT NULL,
	"account_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "publisher_activity" (
	"id" text PRIMARY KEY NOT NULL,
	"publisher_id" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"action" text NOT NULL,
	"when" timestamp with time zone DEFAULT now() NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"business_name" text DEFAULT '' NOT NULL,
	"onboarded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"available_on" timestamp with time zone NOT NULL,
	"arrival_date" timestamp with time zone,
	"idempotency_key" text,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_ledger_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "expected" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_users" ADD COLUMN "account_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "account_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "status" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_payout_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "error" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "requested_by" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_connects" ADD CONSTRAINT "payment_connects_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_activity" ADD CONSTRAINT "publisher_activity_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_ledger" ADD CONSTRAINT "sandbox_ledger_account_id_sandbox_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sandbox_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publisher_activity_publisher_idx" ON "publisher_activity" USING btree ("publisher_id","when");--> statement-breakpoint
CREATE INDEX "sandbox_ledger_account_idx" ON "sandbox_ledger" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "cloud_users_account_idx" ON "cloud_users" USING btree ("account_id","first_name","last_name");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_request_key_uq" ON "payouts" USING btree ("publisher_id","request_key");--> statement-breakpoint
CREATE INDEX "payouts_pending_idx" ON "payouts" USING btree ("created_at") WHERE "payouts"."status" = 'pending';--> statement-breakpoint
UPDATE "cloud_users" SET "account_id" = "publishers"."account_id" FROM "developers", "publishers" WHERE "developers"."cloud_user_id" = "cloud_users"."id" AND "publishers"."id" = "developers"."publisher_id" AND "cloud_users"."account_id" = '';--> statement-breakpoint
INSERT INTO "sandbox_accounts" ("id", "business_name", "onboarded") SELECT "stripe_account_id", "name", true FROM "publishers" WHERE "stripe_account_id" <> '' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sandbox_ledger" ("id", "account_id", "kind", "amount", "available_on", "description") SELECT md5('opening-available:' || "id"), "stripe_account_id", 'credit', "stripe_available_balance", now(), 'Opening balance' FROM "publishers" WHERE "stripe_account_id" <> '' AND "stripe_available_balance" > 0;--> statement-breakpoint
INSERT INTO "sandbox_ledger" ("id", "account_id", "kind", "amount", "available_on", "description") SELECT md5('opening-pending:' || "id"), "stripe_account_id", 'credit', "stripe_pending_balance", now() + interval '7 days', 'Opening balance (pending)' FROM "publishers" WHERE "stripe_account_id" <> '' AND "stripe_pending_balance" > 0;
