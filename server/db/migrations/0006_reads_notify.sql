-- Processes keep answers of hot reads (server/services/read-cache.ts) per publisher. A change to anything
-- the apps lists show is announced on the channel `portal_reads` as `publisher:<id>` when it commits.
CREATE FUNCTION portal_reads_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  app text;
  pub text;
BEGIN
  IF TG_TABLE_NAME = 'publishers' THEN
    pub := COALESCE(NEW.id, OLD.id);
  ELSIF TG_TABLE_NAME = 'apps' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('portal_reads', 'publisher:' || OLD.publisher_id); END IF;
    IF TG_OP <> 'DELETE' THEN pub := NEW.publisher_id; END IF;
  ELSE
    IF TG_TABLE_NAME IN ('bundle_plans') THEN
      app := CASE WHEN TG_OP = 'DELETE' THEN OLD.bundle_id ELSE NEW.bundle_id END;
    ELSE
      app := CASE WHEN TG_OP = 'DELETE' THEN OLD.app_id ELSE NEW.app_id END;
    END IF;
    SELECT publisher_id INTO pub FROM apps WHERE id = app;
  END IF;
  IF pub IS NOT NULL THEN PERFORM pg_notify('portal_reads', 'publisher:' || pub); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER publishers_reads_notify AFTER UPDATE OR DELETE ON publishers FOR EACH ROW EXECUTE FUNCTION portal_reads_notify();
--> statement-breakpoint
CREATE TRIGGER apps_reads_notify AFTER INSERT OR UPDATE OR DELETE ON apps FOR EACH ROW EXECUTE FUNCTION portal_reads_notify();
--> statement-breakpoint
CREATE TRIGGER app_versions_reads_notify AFTER INSERT OR UPDATE OR DELETE ON app_versions FOR EACH ROW EXECUTE FUNCTION portal_reads_notify();
--> statement-breakpoint
CREATE TRIGGER prices_reads_notify AFTER INSERT OR UPDATE OR DELETE ON prices FOR EACH ROW EXECUTE FUNCTION portal_reads_notify();
--> statement-breakpoint
CREATE TRIGGER bundle_apps_reads_notify AFTER INSERT OR UPDATE OR DELETE ON bundle_apps FOR EACH ROW EXECUTE FUNCTION portal_reads_notify();
--> statement-breakpoint
CREATE TRIGGER bundle_plans_reads_notify AFTER INSERT OR UPDATE OR DELETE ON bundle_plans FOR EACH ROW EXECUTE FUNCTION portal_reads_notify();
