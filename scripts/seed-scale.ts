// `npm run seed:scale` (DATABASE_URL: a PostgreSQL database, migrated and seeded with the demo data when
// empty): adds a marketplace at scale for the lists bench — by default 100 000 apps of one publisher with
// 10 versions each (1M versions), 1M activity rows (most on one busy app), 1M compile jobs, and 1M purchase
// records bought by 1 000 workspaces: 60 % of the scale publisher's apps, 40 % of the demo publishers' (so
// Northwind, the demo owner's publisher, has a long purchases list of its own). Sizes: SCALE_APPS,
// SCALE_VERSIONS_PER_APP, SCALE_ACTIVITY, SCALE_JOBS, SCALE_PURCHASES. Rows are made by the database
// (generate_series), triggers off while loading; what the triggers keep is then computed once.
import pg from 'pg';
import { openDatabaseWithJobs } from '../server/kernel/database';
import { seedIfEmpty } from '../server/dev/seed/seed';

export const SCALE_PUBLISHER = 'scale-publisher';
export const BUSY_APP = 'scale-app-1';

export async function seedScale(url: string, log: (line: string) => void = console.log) {
  const apps = Number(process.env.SCALE_APPS ?? 100_000);
  const perApp = Number(process.env.SCALE_VERSIONS_PER_APP ?? 10);
  const activity = Number(process.env.SCALE_ACTIVITY ?? 1_000_000);
  const jobs = Number(process.env.SCALE_JOBS ?? 1_000_000);
  const purchases = Number(process.env.SCALE_PURCHASES ?? 1_000_000);
  const database = await openDatabaseWithJobs({ url, prepare: seedIfEmpty });
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT 1 FROM publishers WHERE id = $1', [SCALE_PUBLISHER]);
    if (rows.length) {
      log('seed:scale: the scale data is there already');
      return;
    }
    const step = async (label: string, sql: string, params: unknown[] = []) => {
      const t = Date.now();
      const res = await client.query(sql, params);
      log(`seed:scale: ${label}: ${res.rowCount ?? 0} rows in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    };
    await client.query('BEGIN');
    // Triggers off while loading (they would run once per row); what they keep is computed below.
    await client.query('SET LOCAL session_replication_role = replica');
    await step('publisher', `INSERT INTO publishers (id, name, is_registered) VALUES ($1, 'Scale Test Publisher', true)`, [SCALE_PUBLISHER]);
    await step(
      'apps',
      `INSERT INTO apps (id, publisher_id, created_at, modified_at)
       SELECT 'scale-app-' || i, $1, now() - make_interval(secs => i), now() - make_interval(secs => i) FROM generate_series(1, $2::int) i`,
      [SCALE_PUBLISHER, apps],
    );
    await step(
      'app versions',
      // No description or change log: their HTML is empty (a row without it would be rendered by the server's backfill).
      `INSERT INTO app_versions (internal_id, app_id, version, name, name_slug, status, author, description_html, changes_note_html, created_date, modified_date)
       SELECT 'scale-v-' || a || '-' || v, 'scale-app-' || a, '1.' || v || '.0', 'Scale App ' || a, 'scale-app-' || a,
              (ARRAY['draft','compiled','submitted','approved','published','rejected'])[1 + (a + v) % 6],
              '{"name":"Scale"}'::jsonb, '', '',
              now() - make_interval(secs => a * 100 - v), now() - make_interval(secs => a * 100 - v)
       FROM generate_series(1, $1::int) a, generate_series(1, $2::int) v`,
      [apps, perApp],
    );
    await step(
      'latest versions',
      `UPDATE apps a SET latest_version_id = v.internal_id, latest_modified = v.modified_date
       FROM (SELECT DISTINCT ON (app_id) app_id, internal_id, modified_date FROM app_versions WHERE app_id LIKE 'scale-app-%' ORDER BY app_id, created_date DESC, internal_id DESC) v
       WHERE a.id = v.app_id`,
    );
    await step(
      'activity',
      `INSERT INTO activity_logs (id, app_id, user_id, user_name, action, "when")
       SELECT 'scale-act-' || i, CASE WHEN i % 10 = 0 THEN 'scale-app-' || (1 + i % $2::int) ELSE $3 END, 'scale-user', 'Scale User',
              (ARRAY['upload','compile','submit','approve','publish'])[1 + i % 5], now() - make_interval(secs => i)
       FROM generate_series(1, $1::int) i`,
      [activity, apps, BUSY_APP],
    );
    await step(
      'compile jobs',
      `INSERT INTO compile_jobs (id, internal_app_id, app_id, status, duration_ms, requested_at, finished_at)
       SELECT 'scale-job-' || i, 'scale-v-' || (1 + i % $2::int) || '-1', 'scale-app-' || (1 + i % $2::int),
              CASE WHEN i % 7 = 0 THEN 'failed' ELSE 'succeeded' END, 1000 + i % 5000,
              now() - make_interval(secs => i), now() - make_interval(secs => i) + interval '2 seconds'
       FROM generate_series(1, $1::int) i`,
      [jobs, apps],
    );
    await step('accounts', `INSERT INTO accounts (id, name) SELECT 'scale-account-' || i, 'Scale Account ' || i FROM generate_series(1, 100) i`);
    await step(
      'workspaces',
      `INSERT INTO workspaces (id, account_id, nickname, address)
       SELECT 'scale-ws-' || i, 'scale-account-' || (1 + i % 100), 'Scale Workspace ' || i, 'https://ws' || i || '.scale.example' FROM generate_series(1, 1000) i`,
    );
    // One purchase record in three a subscription (a third of those seat based), in every status; dated a
    // minute apart back from now, so the list's order is the order they were made.
    await step(
      'purchase records',
      `WITH demo AS (
         SELECT array_agg(id ORDER BY id) AS ids, array_agg(publisher_id ORDER BY id) AS pubs, count(*)::int AS n
         FROM apps WHERE publisher_id <> $2 AND NOT is_bundle
       )
       INSERT INTO purchase_records (id, app_id, publisher_id, workspace_id, account_id, date, purchase_type, price, plan_id,
                                     subscription_status, period_end, is_seat_based, seats, max_seats, externally_managed, ended_at)
       SELECT 'scale-purchase-' || i,
              CASE WHEN i % 10 < 6 THEN 'scale-app-' || (1 + i % $3::int) ELSE demo.ids[1 + i % demo.n] END,
              CASE WHEN i % 10 < 6 THEN $2 ELSE demo.pubs[1 + i % demo.n] END,
              'scale-ws-' || (1 + i % 1000), 'scale-account-' || (1 + (1 + i % 1000) % 100),
              now() - make_interval(mins => $1::int - i),
              CASE WHEN i % 3 = 0 THEN 'subscription' ELSE 'buy' END,
              CASE WHEN i % 3 = 0 THEN 4 + (i % 9) * 4 ELSE (i % 5) * 2.5 END,
              '',
              CASE WHEN i % 3 = 0 THEN (ARRAY['active','active','trialing','cancelling','pastDue','cancelled'])[1 + i % 6] END,
              CASE WHEN i % 3 = 0 THEN now() + make_interval(days => 1 + i % 60) END,
              i % 9 = 0, CASE WHEN i % 9 = 0 THEN 1 + i % 50 ELSE 0 END, CASE WHEN i % 9 = 0 THEN 50 ELSE 0 END,
              i % 3 = 0 AND i % 7 = 0,
              CASE WHEN i % 3 = 0 AND (1 + i % 6) >= 5 THEN now() - make_interval(mins => ($1::int - i) / 2) END
       FROM generate_series(1, $1::int) i, demo`,
      [purchases, SCALE_PUBLISHER, apps],
    );
    await step('list totals and positions', 'SELECT portal_recount()');
    await client.query('COMMIT');
    // As autovacuum would, in time: clean the index entries the load left behind, and fresh statistics.
    await step('vacuum and statistics', 'VACUUM ANALYZE');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    await client.end();
  }
}

if (process.argv[1]?.endsWith('seed-scale.ts')) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('seed:scale: set DATABASE_URL to a PostgreSQL database');
    process.exit(1);
  }
  await seedScale(url);
}
