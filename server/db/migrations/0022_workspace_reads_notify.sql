-- Processes keep what the catalog's calls read of each registered workspace (server/read/marketplace/
-- workspace-cache.ts: who holds a token, what it bought, its app requests). A change to any of it is announced
-- on the channel `workspace_reads` as the workspace's id when it commits; a change to a bundle's apps (what a
-- bundle subscription holds) as `*`, every workspace. The trigger's argument names the row's workspace column.
-- A workspace's last-seen time is not announced (written once a minute per workspace by each call's success;
-- a process moves its kept caller's on itself: services/workspaces/tokens.ts `noteSeen`).
CREATE FUNCTION portal_workspace_reads_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  id text;
BEGIN
  IF TG_NARGS = 0 THEN
    PERFORM pg_notify('workspace_reads', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    id := to_jsonb(OLD) ->> TG_ARGV[0];
    IF id IS NOT NULL THEN PERFORM pg_notify('workspace_reads', id); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    id := to_jsonb(NEW) ->> TG_ARGV[0];
    IF id IS NOT NULL THEN PERFORM pg_notify('workspace_reads', id); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workspaces_workspace_reads AFTER UPDATE OF revoked_at, account_id OR DELETE ON workspaces FOR EACH ROW EXECUTE FUNCTION portal_workspace_reads_notify('id');
--> statement-breakpoint
CREATE TRIGGER workspace_tokens_workspace_reads AFTER UPDATE OR DELETE ON workspace_tokens FOR EACH ROW EXECUTE FUNCTION portal_workspace_reads_notify('workspace_id');
--> statement-breakpoint
-- A purchase record's update only when it changes what a workspace's answers show (not the list positions
-- staff deletions renumber: migration 0012).
CREATE TRIGGER purchase_records_workspace_reads AFTER INSERT OR DELETE OR UPDATE OF workspace_id, app_id, date, purchase_type,
  subscription_status, period_end, is_seat_based, seats, max_seats, externally_managed, ended_at, refunded_at ON purchase_records FOR EACH ROW EXECUTE FUNCTION portal_workspace_reads_notify('workspace_id');
--> statement-breakpoint
CREATE TRIGGER app_requests_workspace_reads AFTER INSERT OR UPDATE OR DELETE ON app_requests FOR EACH ROW EXECUTE FUNCTION portal_workspace_reads_notify('workspace_id');
--> statement-breakpoint
CREATE TRIGGER bundle_apps_workspace_reads AFTER INSERT OR UPDATE OR DELETE ON bundle_apps FOR EACH STATEMENT EXECUTE FUNCTION portal_workspace_reads_notify();
