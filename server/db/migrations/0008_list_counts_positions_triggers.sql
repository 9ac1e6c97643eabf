-- The lists that grow, read without counting or walking a million rows (server/read/paging.ts):
--  * row_counts: the number of rows of each list per scope (`bundle:false`, `publisher:<id>:bundle:false`,
--    an app id, `all`), kept as rows come and go: a page's total is one primary-key read;
--  * position: compile jobs, activity lines and usage records are numbered 1, 2, 3… per scope in the order
--    they are recorded (the count the row makes), so the page at any offset is a range of positions read
--    through an index. A removed row closes its gap (positions after it move down by one).
-- portal_recount() recomputes counts and positions (after a bulk load with triggers off: npm run seed:scale).
CREATE FUNCTION portal_count(list text, scope text, delta bigint) RETURNS bigint LANGUAGE sql AS $$
  INSERT INTO row_counts (list, scope, n) VALUES (list, scope, delta)
  ON CONFLICT (list, scope) DO UPDATE SET n = row_counts.n + EXCLUDED.n
  RETURNING n;
$$;
--> statement-breakpoint
CREATE FUNCTION portal_count_apps() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM portal_count('apps', 'bundle:' || OLD.is_bundle, -1);
    PERFORM portal_count('apps', 'publisher:' || OLD.publisher_id || ':bundle:' || OLD.is_bundle, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM portal_count('apps', 'bundle:' || NEW.is_bundle, 1);
    PERFORM portal_count('apps', 'publisher:' || NEW.publisher_id || ':bundle:' || NEW.is_bundle, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER apps_count AFTER INSERT OR DELETE OR UPDATE OF publisher_id, is_bundle ON apps FOR EACH ROW EXECUTE FUNCTION portal_count_apps();
--> statement-breakpoint
-- Numbers a new row (BEFORE INSERT): its scope's count after it. The counter row's lock orders concurrent
-- inserts of one scope, so positions have no gap and follow the order of commit.
CREATE FUNCTION portal_position() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'compile_jobs' THEN
    NEW.position := portal_count(TG_TABLE_NAME, 'all', 1);
  ELSE
    NEW.position := portal_count(TG_TABLE_NAME, NEW.app_id, 1);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION portal_unposition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'compile_jobs' THEN
    PERFORM portal_count(TG_TABLE_NAME, 'all', -1);
    UPDATE compile_jobs SET position = position - 1 WHERE position > OLD.position;
  ELSIF TG_TABLE_NAME = 'activity_logs' THEN
    PERFORM portal_count(TG_TABLE_NAME, OLD.app_id, -1);
    UPDATE activity_logs SET position = position - 1 WHERE app_id = OLD.app_id AND position > OLD.position;
  ELSE
    PERFORM portal_count(TG_TABLE_NAME, OLD.app_id, -1);
    UPDATE usage_records SET position = position - 1 WHERE app_id = OLD.app_id AND position > OLD.position;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER compile_jobs_position BEFORE INSERT ON compile_jobs FOR EACH ROW EXECUTE FUNCTION portal_position();
--> statement-breakpoint
CREATE TRIGGER compile_jobs_unposition AFTER DELETE ON compile_jobs FOR EACH ROW EXECUTE FUNCTION portal_unposition();
--> statement-breakpoint
CREATE TRIGGER activity_logs_position BEFORE INSERT ON activity_logs FOR EACH ROW EXECUTE FUNCTION portal_position();
--> statement-breakpoint
CREATE TRIGGER activity_logs_unposition AFTER DELETE ON activity_logs FOR EACH ROW EXECUTE FUNCTION portal_unposition();
--> statement-breakpoint
CREATE TRIGGER usage_records_position BEFORE INSERT ON usage_records FOR EACH ROW EXECUTE FUNCTION portal_position();
--> statement-breakpoint
CREATE TRIGGER usage_records_unposition AFTER DELETE ON usage_records FOR EACH ROW EXECUTE FUNCTION portal_unposition();
--> statement-breakpoint
CREATE FUNCTION portal_recount() RETURNS void LANGUAGE sql AS $$
  DELETE FROM row_counts;
  INSERT INTO row_counts (list, scope, n) SELECT 'apps', 'bundle:' || is_bundle, count(*) FROM apps GROUP BY is_bundle;
  INSERT INTO row_counts (list, scope, n) SELECT 'apps', 'publisher:' || publisher_id || ':bundle:' || is_bundle, count(*) FROM apps GROUP BY publisher_id, is_bundle;
  UPDATE compile_jobs c SET position = p.n FROM (SELECT id, row_number() OVER (ORDER BY requested_at, id) AS n FROM compile_jobs) p WHERE c.id = p.id AND c.position IS DISTINCT FROM p.n;
  UPDATE activity_logs c SET position = p.n FROM (SELECT id, row_number() OVER (PARTITION BY app_id ORDER BY "when", id) AS n FROM activity_logs) p WHERE c.id = p.id AND c.position IS DISTINCT FROM p.n;
  UPDATE usage_records c SET position = p.n FROM (SELECT id, row_number() OVER (PARTITION BY app_id ORDER BY created_date, id) AS n FROM usage_records) p WHERE c.id = p.id AND c.position IS DISTINCT FROM p.n;
  INSERT INTO row_counts (list, scope, n) SELECT 'compile_jobs', 'all', count(*) FROM compile_jobs;
  INSERT INTO row_counts (list, scope, n) SELECT 'activity_logs', app_id, count(*) FROM activity_logs GROUP BY app_id;
  INSERT INTO row_counts (list, scope, n) SELECT 'usage_records', app_id, count(*) FROM usage_records GROUP BY app_id;
$$;
--> statement-breakpoint
SELECT portal_recount();
