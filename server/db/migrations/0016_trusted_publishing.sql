CREATE TABLE "api_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"publisher_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"abilities" text[] NOT NULL,
	"app_ids" text[],
	"trust_policy_id" text,
	"created_by" text NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"seen_ips" text[] DEFAULT '{}'::text[] NOT NULL,
	"expiry_notice_at" timestamp with time zone,
	CONSTRAINT "api_tokens_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "cloud_refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"cloud_user_id" text NOT NULL,
	"client_id" text NOT NULL,
	"scope" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oauth_clients" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"redirect_uris" text[] NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trust_policies" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"publisher_id" text NOT NULL,
	"issuer" text NOT NULL,
	"repository" text NOT NULL,
	"workflow" text NOT NULL,
	"environment" text,
	"ref" text,
	"created_by" text NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cloud_tokens" ADD COLUMN "client_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_tokens" ADD COLUMN "scope" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_tokens" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_refresh_tokens" ADD CONSTRAINT "cloud_refresh_tokens_cloud_user_id_cloud_users_id_fk" FOREIGN KEY ("cloud_user_id") REFERENCES "public"."cloud_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_policies" ADD CONSTRAINT "trust_policies_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_policies" ADD CONSTRAINT "trust_policies_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_publisher_idx" ON "api_tokens" USING btree ("publisher_id","created_at");--> statement-breakpoint
CREATE INDEX "trust_policies_app_idx" ON "trust_policies" USING btree ("app_id","created_at");--> statement-breakpoint
-- A revoked API token, and a revoked sign-in token of a registered client (the Apps CLI), are forgotten by
-- every process's credential cache at once, like a revoked session (migration 0003). Recording a token's
-- last use does not announce anything.
CREATE FUNCTION portal_auth_notify_api_token() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_auth', 'session:' || OLD.secret_hash);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER api_tokens_auth_notify AFTER UPDATE OF revoked_at, expires_at OR DELETE ON api_tokens FOR EACH ROW EXECUTE FUNCTION portal_auth_notify_api_token();
--> statement-breakpoint
CREATE TRIGGER cloud_tokens_auth_notify AFTER UPDATE OF revoked_at OR DELETE ON cloud_tokens FOR EACH ROW EXECUTE FUNCTION portal_auth_notify_session();
--> statement-breakpoint
ALTER TABLE "auth_codes" ADD COLUMN "scope" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- Rocket.Chat's Apps CLI (@rocket.chat/apps-cli): a public client (PKCE, no secret) that signs in with a
-- local callback and asks to submit apps and to stay signed in. Production registers further clients as rows.
INSERT INTO "oauth_clients" ("id", "name", "redirect_uris", "scopes")
VALUES ('5d8e59c5d48080ef5497e522', 'Rocket.Chat Apps CLI', '{http://localhost:3005/callback}', '{offline_access,marketplace:app-submit}')
ON CONFLICT ("id") DO NOTHING;
