-- The apps lists show each app's latest version (the newest by creation) and sort by when it last changed.
-- apps.latest_version_id / latest_modified keep both, whatever writes app_versions, so a list page reads
-- one row per app through an index instead of every version of every app.
CREATE FUNCTION portal_apps_latest(target text) RETURNS void LANGUAGE sql AS $$
  UPDATE apps a SET latest_version_id = v.internal_id, latest_modified = v.modified_date
  FROM (SELECT internal_id, modified_date FROM app_versions WHERE app_id = target ORDER BY created_date DESC, internal_id DESC LIMIT 1) v
  WHERE a.id = target AND (a.latest_version_id IS DISTINCT FROM v.internal_id OR a.latest_modified IS DISTINCT FROM v.modified_date);
$$;
--> statement-breakpoint
CREATE FUNCTION portal_apps_latest_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM portal_apps_latest(OLD.app_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.app_id IS DISTINCT FROM OLD.app_id) THEN PERFORM portal_apps_latest(NEW.app_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER app_versions_latest AFTER INSERT OR DELETE OR UPDATE OF modified_date, created_date, app_id ON app_versions
  FOR EACH ROW EXECUTE FUNCTION portal_apps_latest_trigger();
--> statement-breakpoint
UPDATE apps a SET latest_version_id = v.internal_id, latest_modified = v.modified_date
FROM (SELECT DISTINCT ON (app_id) app_id, internal_id, modified_date FROM app_versions ORDER BY app_id, created_date DESC, internal_id DESC) v
WHERE a.id = v.app_id;
