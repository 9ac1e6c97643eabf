-- Publisher text rendered once at save (app_versions.*_html); a checkout voided when what it sold was already held
-- (checkout_sessions.voided_at; its open sessions by workspace and app); CI identity tokens traded once (ci_token_uses).
CREATE TABLE "ci_token_uses" (
	"issuer" text NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ci_token_uses_issuer_jti_pk" PRIMARY KEY("issuer","jti")
);
--> statement-breakpoint
ALTER TABLE "app_versions" ADD COLUMN "description_html" text;--> statement-breakpoint
ALTER TABLE "app_versions" ADD COLUMN "changes_note_html" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ci_token_uses_expires_idx" ON "ci_token_uses" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "checkout_sessions_open_idx" ON "checkout_sessions" USING btree ("workspace_id","app_id") WHERE "checkout_sessions"."status" = 'open';