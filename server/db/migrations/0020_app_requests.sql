CREATE TABLE "app_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"requester" jsonb NOT NULL,
	"admins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"seen" boolean DEFAULT false NOT NULL,
	"seen_at" timestamp with time zone,
	"notification_sent" boolean DEFAULT false NOT NULL,
	"notification_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_requests" ADD CONSTRAINT "app_requests_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_requests" ADD CONSTRAINT "app_requests_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_requests_workspace_app_idx" ON "app_requests" USING btree ("workspace_id","app_id","created_at");--> statement-breakpoint
CREATE INDEX "app_requests_pending_idx" ON "app_requests" USING btree ("workspace_id","app_id") WHERE NOT "app_requests"."notification_sent";