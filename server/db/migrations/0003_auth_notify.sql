-- Every process caches who a token belongs to (server/services/session-cache.ts). A change that can make a
-- cached answer wrong is announced on the channel `portal_auth` when its transaction commits: a session
-- revoked or removed (its token hash), a developer added, changed or removed (its cloud user id).
CREATE FUNCTION portal_auth_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_auth', 'session:' || OLD.token_hash);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION portal_auth_notify_developer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('portal_auth', 'user:' || OLD.cloud_user_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('portal_auth', 'user:' || NEW.cloud_user_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_notify AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION portal_auth_notify_session();
--> statement-breakpoint
CREATE TRIGGER developers_auth_notify AFTER INSERT OR UPDATE OR DELETE ON developers FOR EACH ROW EXECUTE FUNCTION portal_auth_notify_developer();
