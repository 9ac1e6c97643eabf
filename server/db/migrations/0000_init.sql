CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"action" text NOT NULL,
	"when" timestamp with time zone DEFAULT now() NOT NULL,
	"action_extra" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_downloads" (
	"app_id" text NOT NULL,
	"version" text NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "app_downloads_app_id_version_pk" PRIMARY KEY("app_id","version")
);
--> statement-breakpoint
CREATE TABLE "app_versions" (
	"internal_id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"version" text NOT NULL,
	"name" text NOT NULL,
	"name_slug" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"icon_file_data" text DEFAULT '' NOT NULL,
	"author" jsonb NOT NULL,
	"required_api_version" text DEFAULT '' NOT NULL,
	"manifest" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"compiled" boolean DEFAULT false NOT NULL,
	"changes_note" text DEFAULT '' NOT NULL,
	"internal_changes_note" text DEFAULT '' NOT NULL,
	"rejection_note" text DEFAULT '' NOT NULL,
	"reviewed_note" text DEFAULT '' NOT NULL,
	"privacy_policy_summary" text DEFAULT '' NOT NULL,
	"documentation_url" text DEFAULT '' NOT NULL,
	"compile_job_id" text DEFAULT '' NOT NULL,
	"package_path" text DEFAULT '' NOT NULL,
	"compiled_package_path" text DEFAULT '' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" text PRIMARY KEY NOT NULL,
	"publisher_id" text NOT NULL,
	"is_bundle" boolean DEFAULT false NOT NULL,
	"purchase_type" text DEFAULT 'buy' NOT NULL,
	"price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"current_pricing_id" text DEFAULT '' NOT NULL,
	"is_enterprise_only" boolean DEFAULT false NOT NULL,
	"enterprise_addon_tier_id" text DEFAULT '' NOT NULL,
	"is_usage_based" boolean DEFAULT false NOT NULL,
	"usage_price_override" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"code_challenge" text NOT NULL,
	"cloud_user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bundle_apps" (
	"bundle_id" text NOT NULL,
	"app_id" text NOT NULL,
	CONSTRAINT "bundle_apps_bundle_id_app_id_pk" PRIMARY KEY("bundle_id","app_id")
);
--> statement-breakpoint
CREATE TABLE "bundle_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"bundle_id" text NOT NULL,
	"strategy" text NOT NULL,
	"trial_days" integer DEFAULT 14 NOT NULL,
	"price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"is_per_seat" boolean DEFAULT false NOT NULL,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "cloud_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"cloud_user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cloud_users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cloud_users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "compile_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"internal_app_id" text NOT NULL,
	"app_id" text NOT NULL,
	"typescript_version" text DEFAULT '' NOT NULL,
	"engine_version" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"diagnostics" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "developers" (
	"id" text PRIMARY KEY NOT NULL,
	"publisher_id" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"chat_username" text DEFAULT '' NOT NULL,
	"cloud_user_id" text NOT NULL,
	"role" text DEFAULT 'viewer' NOT NULL,
	"system_role" text DEFAULT 'user' NOT NULL,
	"last_activity_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "developers_cloud_user_id_unique" UNIQUE("cloud_user_id")
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"layout" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "featured_apps" (
	"section_slug" text NOT NULL,
	"app_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "featured_apps_section_slug_app_id_pk" PRIMARY KEY("section_slug","app_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"publisher_id" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"expected" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"buy_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"monthly" jsonb NOT NULL,
	"yearly" jsonb NOT NULL,
	"trial_enabled" boolean DEFAULT false NOT NULL,
	"trial_duration" integer DEFAULT 0 NOT NULL,
	"reference_enabled" boolean DEFAULT false NOT NULL,
	"reference_id" text DEFAULT '' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publishers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"tos_link" text DEFAULT '' NOT NULL,
	"privacy_link" text DEFAULT '' NOT NULL,
	"webhook_link" text DEFAULT '' NOT NULL,
	"account_id" text DEFAULT '' NOT NULL,
	"stripe_account_id" text DEFAULT '' NOT NULL,
	"stripe_available_balance" numeric(12, 2) DEFAULT 0 NOT NULL,
	"stripe_pending_balance" numeric(12, 2) DEFAULT 0 NOT NULL,
	"can_create_paid_apps" boolean DEFAULT false NOT NULL,
	"can_create_bundles" boolean DEFAULT false NOT NULL,
	"can_use_npm_modules" boolean DEFAULT false NOT NULL,
	"can_use_webhooks" boolean DEFAULT false NOT NULL,
	"is_registered" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_records" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"account_id" text NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"purchase_type" text NOT NULL,
	"price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"plan_id" text DEFAULT '' NOT NULL,
	"subscription_status" text,
	"period_end" timestamp with time zone,
	"is_seat_based" boolean DEFAULT false NOT NULL,
	"seats" integer DEFAULT 0 NOT NULL,
	"max_seats" integer DEFAULT 0 NOT NULL,
	"externally_managed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screenshots" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"internal_id" text NOT NULL,
	"file_name" text NOT NULL,
	"storage_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"cloud_user_id" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_records" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"workspace_label" text NOT NULL,
	"billing_cycle_id" text NOT NULL,
	"items" jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_activities" (
	"id" text PRIMARY KEY NOT NULL,
	"webhook_id" text NOT NULL,
	"status" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"response_status_code" integer DEFAULT 0 NOT NULL,
	"response_body" text DEFAULT '' NOT NULL,
	"response_type" text DEFAULT '' NOT NULL,
	"resent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"publisher_id" text NOT NULL,
	"label" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"url" text NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"nickname" text NOT NULL,
	"address" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_downloads" ADD CONSTRAINT "app_downloads_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apps" ADD CONSTRAINT "apps_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_codes" ADD CONSTRAINT "auth_codes_cloud_user_id_cloud_users_id_fk" FOREIGN KEY ("cloud_user_id") REFERENCES "public"."cloud_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_apps" ADD CONSTRAINT "bundle_apps_bundle_id_apps_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_apps" ADD CONSTRAINT "bundle_apps_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_plans" ADD CONSTRAINT "bundle_plans_bundle_id_apps_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_tokens" ADD CONSTRAINT "cloud_tokens_cloud_user_id_cloud_users_id_fk" FOREIGN KEY ("cloud_user_id") REFERENCES "public"."cloud_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compile_jobs" ADD CONSTRAINT "compile_jobs_internal_app_id_app_versions_internal_id_fk" FOREIGN KEY ("internal_app_id") REFERENCES "public"."app_versions"("internal_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compile_jobs" ADD CONSTRAINT "compile_jobs_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "developers" ADD CONSTRAINT "developers_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_apps" ADD CONSTRAINT "featured_apps_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_records" ADD CONSTRAINT "purchase_records_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_records" ADD CONSTRAINT "purchase_records_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_records" ADD CONSTRAINT "purchase_records_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshots" ADD CONSTRAINT "screenshots_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshots" ADD CONSTRAINT "screenshots_internal_id_app_versions_internal_id_fk" FOREIGN KEY ("internal_id") REFERENCES "public"."app_versions"("internal_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_activities" ADD CONSTRAINT "webhook_activities_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_logs_app_idx" ON "activity_logs" USING btree ("app_id","when");--> statement-breakpoint
CREATE INDEX "app_versions_app_created_idx" ON "app_versions" USING btree ("app_id","created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_app_version_uq" ON "app_versions" USING btree ("app_id","version");--> statement-breakpoint
CREATE INDEX "app_versions_status_idx" ON "app_versions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "apps_publisher_modified_idx" ON "apps" USING btree ("publisher_id","modified_at");--> statement-breakpoint
CREATE INDEX "apps_modified_idx" ON "apps" USING btree ("modified_at");--> statement-breakpoint
CREATE INDEX "bundle_apps_app_idx" ON "bundle_apps" USING btree ("app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bundle_plans_strategy_uq" ON "bundle_plans" USING btree ("bundle_id","strategy");--> statement-breakpoint
CREATE INDEX "compile_jobs_requested_idx" ON "compile_jobs" USING btree ("requested_at");--> statement-breakpoint
CREATE INDEX "compile_jobs_app_idx" ON "compile_jobs" USING btree ("app_id","requested_at");--> statement-breakpoint
CREATE INDEX "developers_publisher_idx" ON "developers" USING btree ("publisher_id","last_name");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "prices_app_created_idx" ON "prices" USING btree ("app_id","created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "prices_one_active_per_app" ON "prices" USING btree ("app_id") WHERE "prices"."active";--> statement-breakpoint
CREATE INDEX "publishers_name_idx" ON "publishers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "purchase_records_date_idx" ON "purchase_records" USING btree ("date");--> statement-breakpoint
CREATE INDEX "purchase_records_app_date_idx" ON "purchase_records" USING btree ("app_id","date");--> statement-breakpoint
CREATE INDEX "purchase_records_workspace_idx" ON "purchase_records" USING btree ("workspace_id","date");--> statement-breakpoint
CREATE INDEX "screenshots_version_idx" ON "screenshots" USING btree ("internal_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_cloud_user_idx" ON "sessions" USING btree ("cloud_user_id");--> statement-breakpoint
CREATE INDEX "usage_records_app_idx" ON "usage_records" USING btree ("app_id","created_date");--> statement-breakpoint
CREATE INDEX "webhook_activities_webhook_idx" ON "webhook_activities" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE INDEX "webhooks_publisher_idx" ON "webhooks" USING btree ("publisher_id","created_at");