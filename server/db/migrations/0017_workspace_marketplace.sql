CREATE TABLE "app_install_events" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"action" text NOT NULL,
	"app_version" text NOT NULL,
	"rocket_chat_version" text DEFAULT '' NOT NULL,
	"engine_version" text DEFAULT '' NOT NULL,
	"site_url" text DEFAULT '' NOT NULL,
	"dedupe_key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_install_events_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "workspace_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "secret_hash" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "secret_prefix" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "registered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "registered_by" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "secret_rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_install_events" ADD CONSTRAINT "app_install_events_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_install_events" ADD CONSTRAINT "app_install_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_tokens" ADD CONSTRAINT "workspace_tokens_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_install_events_app_idx" ON "app_install_events" USING btree ("app_id","at");--> statement-breakpoint
CREATE INDEX "app_install_events_workspace_idx" ON "app_install_events" USING btree ("workspace_id","app_id","at");--> statement-breakpoint
CREATE INDEX "workspace_tokens_workspace_idx" ON "workspace_tokens" USING btree ("workspace_id");--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_client_id_unique" UNIQUE("client_id");