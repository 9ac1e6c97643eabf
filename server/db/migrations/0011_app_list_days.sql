CREATE TABLE "app_list_days" (
	"scope" text NOT NULL,
	"day" date NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "app_list_days_scope_day_pk" PRIMARY KEY("scope","day")
);
--> statement-breakpoint
-- The day an app counts under: when its latest version last changed (UTC), 'infinity' before it has one
-- (NULL sorts first in the lists' newest-first order, as infinity does).
CREATE FUNCTION portal_app_day(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce((t AT TIME ZONE 'UTC')::date, 'infinity'::date);
$$;
--> statement-breakpoint
-- Moves an app between days (and lists), both scopes of row_counts; the counter rows are changed in one
-- statement in (scope, day) order, so two transactions moving apps in opposite directions cannot deadlock.
CREATE FUNCTION portal_count_app_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.is_bundle = NEW.is_bundle AND OLD.publisher_id = NEW.publisher_id
     AND portal_app_day(OLD.latest_modified) = portal_app_day(NEW.latest_modified) THEN
    RETURN NULL;
  END IF;
  INSERT INTO app_list_days (scope, day, n)
  SELECT scope, day, sum(delta) FROM (
    SELECT 'bundle:' || OLD.is_bundle AS scope, portal_app_day(OLD.latest_modified) AS day, -1 AS delta WHERE TG_OP <> 'INSERT'
    UNION ALL SELECT 'publisher:' || OLD.publisher_id || ':bundle:' || OLD.is_bundle, portal_app_day(OLD.latest_modified), -1 WHERE TG_OP <> 'INSERT'
    UNION ALL SELECT 'bundle:' || NEW.is_bundle, portal_app_day(NEW.latest_modified), 1 WHERE TG_OP <> 'DELETE'
    UNION ALL SELECT 'publisher:' || NEW.publisher_id || ':bundle:' || NEW.is_bundle, portal_app_day(NEW.latest_modified), 1 WHERE TG_OP <> 'DELETE'
  ) moves GROUP BY scope, day ORDER BY scope, day
  ON CONFLICT (scope, day) DO UPDATE SET n = app_list_days.n + EXCLUDED.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER apps_list_days AFTER INSERT OR DELETE OR UPDATE OF publisher_id, is_bundle, latest_modified ON apps
  FOR EACH ROW EXECUTE FUNCTION portal_count_app_days();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_recount() RETURNS void LANGUAGE sql AS $$
  DELETE FROM row_counts;
  INSERT INTO row_counts (list, scope, n) SELECT 'apps', 'bundle:' || is_bundle, count(*) FROM apps GROUP BY is_bundle;
  INSERT INTO row_counts (list, scope, n) SELECT 'apps', 'publisher:' || publisher_id || ':bundle:' || is_bundle, count(*) FROM apps GROUP BY publisher_id, is_bundle;
  DELETE FROM app_list_days;
  INSERT INTO app_list_days (scope, day, n) SELECT 'bundle:' || is_bundle, portal_app_day(latest_modified), count(*) FROM apps GROUP BY 1, 2;
  INSERT INTO app_list_days (scope, day, n) SELECT 'publisher:' || publisher_id || ':bundle:' || is_bundle, portal_app_day(latest_modified), count(*) FROM apps GROUP BY 1, 2;
  UPDATE compile_jobs c SET position = p.n FROM (SELECT id, row_number() OVER (ORDER BY requested_at, id) AS n FROM compile_jobs) p WHERE c.id = p.id AND c.position IS DISTINCT FROM p.n;
  UPDATE activity_logs c SET position = p.n FROM (SELECT id, row_number() OVER (PARTITION BY app_id ORDER BY "when", id) AS n FROM activity_logs) p WHERE c.id = p.id AND c.position IS DISTINCT FROM p.n;
  UPDATE usage_records c SET position = p.n FROM (SELECT id, row_number() OVER (PARTITION BY app_id ORDER BY created_date, id) AS n FROM usage_records) p WHERE c.id = p.id AND c.position IS DISTINCT FROM p.n;
  INSERT INTO row_counts (list, scope, n) SELECT 'compile_jobs', 'all', count(*) FROM compile_jobs;
  INSERT INTO row_counts (list, scope, n) SELECT 'activity_logs', app_id, count(*) FROM activity_logs GROUP BY app_id;
  INSERT INTO row_counts (list, scope, n) SELECT 'usage_records', app_id, count(*) FROM usage_records GROUP BY app_id;
$$;
--> statement-breakpoint
INSERT INTO app_list_days (scope, day, n) SELECT 'bundle:' || is_bundle, portal_app_day(latest_modified), count(*) FROM apps GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO app_list_days (scope, day, n) SELECT 'publisher:' || publisher_id || ':bundle:' || is_bundle, portal_app_day(latest_modified), count(*) FROM apps GROUP BY 1, 2;
