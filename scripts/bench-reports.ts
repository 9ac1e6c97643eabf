// `npm run bench:reports`: the reports (contract/reports.ts, docs/reports.md) at the size of the issue's goal, on
// PostgreSQL — one publisher (Northwind, the demo owner's) holding 1 000 000 sales lines and 10 000 000 install
// reports over three years ending today. Uses DATABASE_URL, or — as `npm run bench:reports` does through
// scripts/with-postgres.sh — a database `portal_reports` on TEST_DATABASE_URL's server; migrated and seeded with
// the demo data, then filled once by the database itself (generate_series, INSERT … SELECT; a database that has
// the bench's rows already is used as it is):
//  - BENCH_WORKSPACES (20 000) workspaces; BENCH_SALES (1 000 000) sales lines — sales, renewals, refunds of
//    Northwind's paid apps' and bundles' plans, ever more of them as time goes on —, their daily roll-ups
//    (`report_days`, one GROUP BY, with the subscription stocks' changes) and a payout on each month's first
//    day (with its roll-up); BENCH_INSTALL_EVENTS (10 000 000) install reports (installs, updates, uninstalls of
//    six versions per app), their roll-ups (`install_days`) and the workspaces' current installs.
//    Every index and constraint of the migrations is there: the rows are loaded with the foreign-key triggers off
//    (as `seed:scale` loads; checked after in one query), the install reports' non-key indexes dropped while they
//    load and made again after from their own definitions; then VACUUM ANALYZE. Prints what each step took.
//  - Then, over HTTP against the real server (a process of its own, started as tests/harness.ts starts one), signed in as
//    Northwind's owner and as an administrator: every report page for the last 7, 30, 90 and 365 days and the
//    full three years (all apps and one app; summaries by day, week and month; the first page and one 10 000
//    rows in), the payout statements and their lines, the admin dashboard: BENCH_RUNS (20) requests each, one
//    at a time, after two warm-up rounds; p50, p95 and the slowest, measured by the client (request sent to body
//    read), and the server's own p95 (Server-Timing). Goal: p95 ≤ 100 ms on every one.
//  - Last, the full-range CSV exports read as a stream, compressed as a browser downloads them (and the
//    transactions once more uncompressed): every sales line; every install report (or the last BENCH_INSTALLS_EXPORT_DAYS
//    days'). Rows per second (goal ≥ 50 000) and the server process's memory, sampled every 50 ms from a full GC
//    at the start of each: resident size and JS heap used, start and peak (goal: flat, peak − start < 100 MB).
//    An export still running after BENCH_EXPORT_SECONDS (600) is stopped and measured on what came by then.
// Prints a table per part, the machine's load average, one JSON line; exits 1 naming every goal missed (or page
// that failed). BENCH_PARTS=pages or =exports measures one part; BENCH_SERVER_NODE_FLAGS adds flags to the server's
// Node (e.g. --cpu-prof).
import { rmSync } from 'node:fs';
import { fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { benchDatabase } from './bench-database';
import { openDatabaseWithJobs } from '../server/kernel/database';
import { seedIfEmpty } from '../server/dev/seed/seed';

const self = fileURLToPath(import.meta.url);
const NORTHWIND = '6560a1f0c0ffee0000000001';
const MARK = 'bench-reports';
const SALES = Number(process.env.BENCH_SALES ?? 1_000_000);
const INSTALL_EVENTS = Number(process.env.BENCH_INSTALL_EVENTS ?? 10_000_000);
const WORKSPACES = Number(process.env.BENCH_WORKSPACES ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
/** 0: the installs export covers the full range; else the last so many days. */
const INSTALLS_EXPORT_DAYS = Number(process.env.BENCH_INSTALLS_EXPORT_DAYS ?? 0);
const YEARS = 3;
const GOAL_P95_MS = 100;
const GOAL_ROWS_PER_S = 50_000;
const GOAL_RSS_GROWTH_MB = 100;
const CHUNK = 1_000_000;
/** What a browser's download asks for (Chrome's, but zstd, which the portal does not offer). */
const BROWSER = 'gzip, deflate, br';
/** An export still streaming after this is stopped (its rows/s is of what came): 10M rows at the goal take 200 s. */
const EXPORT_SECONDS = Number(process.env.BENCH_EXPORT_SECONDS ?? 600);
/** What to measure: `pages`, `exports` (both by default; e.g. BENCH_PARTS=exports to profile an export). */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'pages,exports').split(','));

const day = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (s: string, n: number) => day(new Date(Date.parse(`${s}T00:00:00Z`) + n * 86_400_000));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ——— The data ———

type Plan = { appId: string; planId: string; strategy: 'one-time' | 'monthly' | 'yearly'; price: number; perSeat: boolean };

/** What Northwind sells: its paid apps (one-time), its subscription apps' monthly and yearly plans, its bundles' plans. */
async function plansOf(c: pg.Client): Promise<Plan[]> {
  const plans: Plan[] = [];
  const apps = await c.query<{ id: string; purchase_type: string; price: string; current_pricing_id: string }>(
    `SELECT id, purchase_type, price::text, current_pricing_id FROM apps WHERE publisher_id = $1 AND NOT is_bundle ORDER BY id`,
    [NORTHWIND],
  );
  for (const a of apps.rows) {
    if (a.purchase_type === 'buy' && Number(a.price) > 0) plans.push({ appId: a.id, planId: '', strategy: 'one-time', price: Number(a.price), perSeat: false });
    if (a.purchase_type === 'subscription') {
      plans.push({ appId: a.id, planId: `${a.current_pricing_id}:monthly`, strategy: 'monthly', price: 5, perSeat: true });
      plans.push({ appId: a.id, planId: `${a.current_pricing_id}:yearly`, strategy: 'yearly', price: 40, perSeat: false });
    }
  }
  const bundles = await c.query<{ id: string; bundle_id: string; strategy: 'monthly' | 'yearly'; price: string; is_per_seat: boolean }>(
    `SELECT p.id, p.bundle_id, p.strategy, p.price::text, p.is_per_seat FROM bundle_plans p JOIN apps a ON a.id = p.bundle_id WHERE a.publisher_id = $1 ORDER BY p.id`,
    [NORTHWIND],
  );
  for (const p of bundles.rows) plans.push({ appId: p.bundle_id, planId: p.id, strategy: p.strategy, price: Number(p.price) || 5, perSeat: p.is_per_seat });
  if (!plans.length) throw new Error('bench:reports: Northwind sells nothing in the seed');
  return plans;
}

/** Northwind's apps that workspaces install (not bundles), each with six versions over the three years. */
async function installedAppsOf(c: pg.Client) {
  const { rows } = await c.query<{ id: string }>(`SELECT id FROM apps WHERE publisher_id = $1 AND NOT is_bundle ORDER BY id`, [NORTHWIND]);
  return rows.map((r) => r.id);
}
/** The figures of `report_days`: a day the demo's seed wrote already gets the bench's added. */
const REPORT_DAY_FIGURES = [
  'gross',
  'fees',
  'refunds',
  'net',
  'sales',
  'new_subscriptions',
  'cancelled_subscriptions',
  'trial_starts',
  'trial_conversions',
  'mrr_delta',
  'live_delta',
  'trialing_delta',
  'seats_delta',
];
const VERSIONS = ['1.0.0', '1.1.0', '1.2.0', '2.0.0', '2.1.0', '2.2.0'];

/**
 * A moment in the three years for row `i` of `n` (SQL): ever more rows as time goes on (twice as many a day at the
 * end as at the start; the density's inverse), in the order of `i`, so that ids, keys and times all grow together.
 */
const momentOf = (n: number) => `$start::timestamptz + ($end::timestamptz - $start::timestamptz) * ((sqrt(1 + 3 * (i::float8 / ${n})) - 1))`;

async function generate(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const log = (line: string) => console.log(`bench:reports: ${line}`);
  try {
    if ((await c.query(`SELECT 1 FROM accounts WHERE id = $1`, [MARK])).rows.length) {
      log('the bench data is there already');
      return;
    }
    const end = new Date();
    const start = new Date(end);
    start.setUTCFullYear(end.getUTCFullYear() - YEARS);
    const began = Date.now();
    const step = async (label: string, text: string, params: Record<string, unknown> = {}, rows?: number) => {
      // Named parameters ($name) made positional.
      const names: string[] = [];
      const q = text.replace(/\$([a-z][a-zA-Z]*)/g, (_, name: string) => {
        if (!names.includes(name)) names.push(name);
        return `$${names.indexOf(name) + 1}`;
      });
      const t = Date.now();
      const res = await c.query(
        q,
        names.map((n) => (n === 'start' ? start : n === 'end' ? end : params[n])),
      );
      log(`${label}: ${rows ?? res.rowCount ?? 0} rows in ${seconds(Date.now() - t)}`);
      return res;
    };
    await c.query(`SET work_mem = '256MB'`);
    await c.query(`SET maintenance_work_mem = '1GB'`);
    await c.query('SET synchronous_commit = off');
    await c.query('BEGIN');
    // Foreign-key triggers off while loading (20 million lookups, one per row and key); checked once below.
    await c.query('SET LOCAL session_replication_role = replica');
    await step('account', `INSERT INTO accounts (id, name) VALUES ($mark, 'Bench Reports')`, { mark: MARK });
    await step(
      'workspaces',
      `INSERT INTO workspaces (id, account_id, nickname, address)
       SELECT 'bench-ws-' || w, $mark, 'Bench Workspace ' || w, 'https://ws' || w || '.bench.example' FROM generate_series(1, $n::int) w`,
      { mark: MARK, n: WORKSPACES },
    );

    // Sales lines: 1 in 20 a refund; of a plan's others, a third first sales and two thirds renewals (a one-time
    // plan's: all sales). The marketplace's fee 30 %; the publisher's share available a week later.
    const plans = await plansOf(c);
    const planParams = {
      apps: plans.map((p) => p.appId),
      plans: plans.map((p) => p.planId),
      strategies: plans.map((p) => p.strategy),
      prices: plans.map((p) => p.price),
      perSeat: plans.map((p) => p.perSeat),
      np: plans.length,
    };
    const PLANS = `SELECT * FROM unnest($apps::text[], $plans::text[], $strategies::text[], $prices::numeric[], $perSeat::bool[]) WITH ORDINALITY AS p(app_id, plan_id, strategy, price, per_seat, n)`;
    for (let from = 1; from <= SALES; from += CHUNK) {
      const to = Math.min(SALES, from + CHUNK - 1);
      await step(
        `sales lines ${from}–${to}`,
        `WITH p AS (${PLANS}),
         g AS (
           SELECT i, ${momentOf(SALES)} AS at, 1 + (i::bigint * 7) % $np::int AS pn,
                  CASE WHEN i % 20 = 0 THEN 'refund' WHEN i % 3 = 0 THEN 'sale' ELSE 'renewal' END AS k
           FROM generate_series($from::int, $to::int) i
         ),
         l AS (
           SELECT g.*, p.app_id, p.plan_id,
                  CASE WHEN p.strategy = 'one-time' AND g.k = 'renewal' THEN 'sale' ELSE g.k END AS kind,
                  CASE WHEN p.per_seat THEN 1 + (g.i::bigint * 13) % 40 ELSE 0 END AS seats,
                  (CASE WHEN g.k = 'refund' THEN -1 ELSE 1 END) * p.price * (CASE WHEN p.per_seat THEN 1 + (g.i::bigint * 13) % 40 ELSE 1 END) AS amount
           FROM g JOIN p ON p.n = g.pn
         )
         INSERT INTO sales_lines (id, key, kind, publisher_id, app_id, plan_id, purchase_id, workspace_id, seats, amount, fee, net, at, available_on)
         SELECT 'bsl' || lpad(i::text, 9, '0'), 'bench_' || lpad(i::text, 9, '0'), kind, $pub, app_id, plan_id, 'bench-purchase-' || (i / 3),
                'bench-ws-' || (1 + (i::bigint * 7919) % $nws::int), seats, amount, round(amount * 0.3, 2), amount - round(amount * 0.3, 2),
                at, at + interval '7 days'
         FROM l`,
        { ...planParams, from, to, pub: NORTHWIND, nws: WORKSPACES },
      );
    }
    // The day's roll-up, as server/reports/rollups.ts adds it line by line: gross, fees, refunds, net, sales; for a
    // subscription plan the stocks' changes too — a first sale a new subscription (3 in 10 after a trial, 2 of those
    // converted), a refund a cancellation — and their MRR (a yearly plan's price / 12) and seats.
    // Figures a later schema may keep too (filled when their column is there): the day's refunds counted.
    const { rows: columns } = await c.query<{ name: string }>(`SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'report_days'`);
    const has = (column: string) => columns.some((k) => k.name === column);
    const optional = [{ column: 'refunds_count', value: `count(*) FILTER (WHERE l.kind = 'refund')` }].filter((o) => has(o.column));
    const figures = [...REPORT_DAY_FIGURES, ...optional.map((o) => o.column)];
    await step(
      'report days (sales)',
      `WITH p AS (${PLANS})
       INSERT INTO report_days (publisher_id, app_id, plan_id, day, gross, fees, refunds, net, sales, new_subscriptions, cancelled_subscriptions,
                                trial_starts, trial_conversions, mrr_delta, live_delta, trialing_delta, seats_delta${optional.map((o) => `, ${o.column}`).join('')})
       SELECT l.publisher_id, l.app_id, l.plan_id, l.day,
              coalesce(sum(l.amount) FILTER (WHERE l.kind <> 'refund'), 0), sum(l.fee), coalesce(-sum(l.amount) FILTER (WHERE l.kind = 'refund'), 0), sum(l.net),
              count(*) FILTER (WHERE l.kind <> 'refund'),
              count(*) FILTER (WHERE l.sub AND l.kind = 'sale'),
              count(*) FILTER (WHERE l.sub AND l.kind = 'refund'),
              count(*) FILTER (WHERE l.sub AND l.kind = 'sale' AND l.d < 3),
              count(*) FILTER (WHERE l.sub AND l.kind = 'sale' AND l.d < 2),
              coalesce(sum(l.monthly) FILTER (WHERE l.sub AND (l.kind = 'refund' OR (l.kind = 'sale' AND l.d <> 2))), 0),
              count(*) FILTER (WHERE l.sub AND l.kind = 'sale') - count(*) FILTER (WHERE l.sub AND l.kind = 'refund'),
              count(*) FILTER (WHERE l.sub AND l.kind = 'sale' AND l.d = 2) - count(*) FILTER (WHERE l.sub AND l.kind = 'refund' AND l.d < 2),
              coalesce(sum(l.seats) FILTER (WHERE l.sub AND l.kind = 'sale'), 0) - coalesce(sum(l.seats) FILTER (WHERE l.sub AND l.kind = 'refund'), 0)
              ${optional.map((o) => `, ${o.value}`).join('')}
       FROM (
         SELECT s.*, (s.at AT TIME ZONE 'UTC')::date AS day, p.strategy <> 'one-time' AS sub, right(s.id, 1)::int % 10 AS d,
                CASE WHEN p.strategy = 'yearly' THEN s.amount / 12 ELSE s.amount END AS monthly
         FROM sales_lines s JOIN p ON p.app_id = s.app_id AND p.plan_id = s.plan_id
         WHERE s.publisher_id = $pub AND s.id LIKE 'bsl%'
       ) l
       GROUP BY l.publisher_id, l.app_id, l.plan_id, l.day
       ON CONFLICT (publisher_id, app_id, plan_id, day) DO UPDATE SET ${figures.map((f) => `${f} = report_days.${f} + excluded.${f}`).join(', ')}`,
      { ...planParams, pub: NORTHWIND },
    );
    // And, where the schema keeps it, what became available for payout on each day (a line's available_on day).
    if (has('available'))
      await step(
        'report days (available)',
        `INSERT INTO report_days (publisher_id, app_id, plan_id, day, available)
         SELECT publisher_id, app_id, plan_id, (available_on AT TIME ZONE 'UTC')::date, sum(net) FROM sales_lines
         WHERE publisher_id = $pub AND id LIKE 'bsl%' GROUP BY 1, 2, 3, 4
         ON CONFLICT (publisher_id, app_id, plan_id, day) DO UPDATE SET available = report_days.available + excluded.available`,
        { pub: NORTHWIND },
      );
    // A payout on the first of each month: what became available since the previous one; the last one pending.
    await step(
      'payouts',
      `WITH m AS (SELECT generate_series(date_trunc('month', $start::timestamptz) + interval '1 month', $end::timestamptz, interval '1 month') AS at),
            b AS (SELECT at, lag(at) OVER (ORDER BY at) AS prev, row_number() OVER (ORDER BY at DESC) AS back FROM m)
       INSERT INTO payouts (id, publisher_id, account_id, amount, status, expected, provider_payout_id, requested_by, request_key, created_at, completed_at)
       SELECT 'bench-payout-' || to_char(b.at, 'YYYY-MM'), $pub, 'acct_1NwNorthwind',
              (SELECT coalesce(sum(net), 0) FROM sales_lines s WHERE s.publisher_id = $pub AND s.available_on > coalesce(b.prev, '-infinity') AND s.available_on <= b.at),
              CASE WHEN b.back = 1 THEN 'pending' ELSE 'paid' END, b.at + interval '2 days', 'po_bench_' || to_char(b.at, 'YYYYMM'), 'bench',
              'bench-' || to_char(b.at, 'YYYY-MM'), b.at, CASE WHEN b.back = 1 THEN NULL ELSE b.at + interval '2 days' END
       FROM b`,
      { pub: NORTHWIND },
    );
    await step(
      'report days (payouts)',
      `INSERT INTO report_days (publisher_id, app_id, plan_id, day, payouts)
       SELECT publisher_id, '', '', (created_at AT TIME ZONE 'UTC')::date, sum(amount) FROM payouts
       WHERE id LIKE 'bench-payout-%' AND status = 'paid' GROUP BY 1, 2, 3, 4
       ON CONFLICT (publisher_id, app_id, plan_id, day) DO UPDATE SET payouts = report_days.payouts + excluded.payouts`,
    );

    // Install reports: 3 in 10 installs, 6 updates, 1 uninstall; the version of the time (six, one after the other;
    // a quarter of the reports of the one before), on Northwind's apps by every workspace. Each million's roll-ups
    // (an install adds an active workspace to its version, an uninstall takes one away) added to `install_days` with it.
    // The table's indexes other than its keys' (whose values grow with the rows: appended) are dropped while
    // loading and made again after, as they were (10 million inserts at random places in an index not held in
    // 128 MB of shared buffers take minutes; a build, seconds).
    const apps = await installedAppsOf(c);
    const { rows: indexes } = await c.query<{ name: string; def: string }>(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i LEFT JOIN pg_constraint k ON k.conindid = i.indexrelid
       WHERE i.indrelid = 'app_install_events'::regclass AND k.oid IS NULL ORDER BY 1`,
    );
    for (const i of indexes) await c.query(`DROP INDEX ${i.name}`);
    for (let from = 1; from <= INSTALL_EVENTS; from += CHUNK) {
      const to = Math.min(INSTALL_EVENTS, from + CHUNK - 1);
      await step(
        `install events ${from}–${to} (and their install days)`,
        `WITH e AS (
           INSERT INTO app_install_events (id, app_id, workspace_id, action, app_version, rocket_chat_version, engine_version, site_url, dedupe_key, at, publisher_id)
           SELECT 'bie' || lpad(i::text, 9, '0'), ($apps::text[])[1 + i % $na::int], 'bench-ws-' || w,
                  CASE WHEN i % 10 = 0 THEN 'uninstall' WHEN i % 10 < 4 THEN 'install' ELSE 'update' END,
                  ($versions::text[])[1 + greatest(0, least($nv::int - 1, floor($nv::int * (i::float8 / $n::int))::int - CASE WHEN i % 4 = 0 THEN 1 ELSE 0 END))],
                  '6.' || (i % 13) || '.0', '1.4' || (i % 9) || '.0', 'https://ws' || w || '.bench.example', 'bench:' || lpad(i::text, 9, '0'),
                  ${momentOf(INSTALL_EVENTS)}, $pub
           FROM (SELECT i, 1 + (i::bigint * 7919) % $nws::int AS w FROM generate_series($from::int, $to::int) i) g
           RETURNING publisher_id, app_id, app_version, action, at
         )
         INSERT INTO install_days (publisher_id, app_id, version, day, installs, updates, uninstalls, active_delta)
         SELECT publisher_id, app_id, app_version, (at AT TIME ZONE 'UTC')::date,
                count(*) FILTER (WHERE action = 'install'), count(*) FILTER (WHERE action = 'update'), count(*) FILTER (WHERE action = 'uninstall'),
                count(*) FILTER (WHERE action = 'install') - count(*) FILTER (WHERE action = 'uninstall')
         FROM e GROUP BY 1, 2, 3, 4
         ON CONFLICT (publisher_id, app_id, version, day) DO UPDATE SET installs = install_days.installs + excluded.installs,
           updates = install_days.updates + excluded.updates, uninstalls = install_days.uninstalls + excluded.uninstalls,
           active_delta = install_days.active_delta + excluded.active_delta`,
        { apps, na: apps.length, versions: VERSIONS, nv: VERSIONS.length, n: INSTALL_EVENTS, from, to, pub: NORTHWIND, nws: WORKSPACES },
        to - from + 1,
      );
    }
    for (const i of indexes) await step(`index ${i.name}`, i.def, {}, INSTALL_EVENTS);
    // What each workspace runs now: 2 in 3 of them each app, its latest version (1 in 5 the one before).
    await step(
      'app installs',
      `INSERT INTO app_installs (workspace_id, app_id, version, since)
       SELECT 'bench-ws-' || w, a.app_id, ($versions::text[])[$nv::int - CASE WHEN w % 5 = 0 THEN 1 ELSE 0 END], $end::timestamptz - make_interval(hours => w % 5000)
       FROM generate_series(1, $nws::int) w, unnest($apps::text[]) WITH ORDINALITY a(app_id, n)
       WHERE (w + a.n) % 3 <> 0`,
      { apps, versions: VERSIONS, nv: VERSIONS.length, nws: WORKSPACES },
    );
    // What the foreign keys would have checked, checked once.
    const broken = await c.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM app_install_events e WHERE e.id LIKE 'bie%' AND (NOT EXISTS (SELECT 1 FROM apps a WHERE a.id = e.app_id)
                 OR NOT EXISTS (SELECT 1 FROM workspaces w WHERE w.id = e.workspace_id)))::int
            + (SELECT count(*) FROM workspaces w WHERE w.id LIKE 'bench-ws-%' AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = w.account_id))::int AS n`,
    );
    if (broken.rows[0]!.n) throw new Error(`bench:reports: ${broken.rows[0]!.n} rows break a foreign key`);
    await c.query('COMMIT');
    // As autovacuum would, in time: the visibility map (index-only scans) and fresh statistics.
    await step('vacuum and statistics', 'VACUUM ANALYZE');
    log(`generated in ${seconds(Date.now() - began)}`);
  } catch (e) {
    await c.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    await c.end();
  }
}

// ——— The server, in a process of its own ———

type Ready = { base: string; owner: string; admin: string };
type Memory = { rssStartMB: number; rssPeakMB: number; heapStartMB: number; heapPeakMB: number };

/**
 * The child: the real server on the bench's database, signed in as Northwind's owner and as an administrator. On
 * the parent's word it watches its own memory — resident size and JS heap used, sampled every 50 ms from when an
 * export starts (after a full GC) to when it ends — so that the reading client's buffers and work are not counted.
 */
async function serve(url: string) {
  const { startServer } = await import('../tests/harness');
  const server = await startServer({ databaseUrl: url, compileWorker: false }, { SEED_DEMO_DATA: 'false' });
  const [owner, admin] = [await server.signIn('owner'), await server.signIn('admin')];
  const rssMB = () => process.memoryUsage.rss() / 1048576;
  const heapMB = () => process.memoryUsage().heapUsed / 1048576;
  let watch: { m: Memory; timer: NodeJS.Timeout } | undefined;
  process.on('message', (message) => {
    if (message === 'watch-memory') {
      global.gc?.();
      const m: Memory = { rssStartMB: rssMB(), rssPeakMB: rssMB(), heapStartMB: heapMB(), heapPeakMB: heapMB() };
      const sample = () => {
        m.rssPeakMB = Math.max(m.rssPeakMB, rssMB());
        m.heapPeakMB = Math.max(m.heapPeakMB, heapMB());
      };
      watch = { m, timer: setInterval(sample, 50) };
      process.send!('watching');
    } else if (message === 'memory' && watch) {
      clearInterval(watch.timer);
      watch.m.rssPeakMB = Math.max(watch.m.rssPeakMB, rssMB());
      process.send!(watch.m);
      watch = undefined;
    }
  });
  process.send!({ base: server.base, owner, admin } satisfies Ready);
  // The database is the bench's (dropped with its PostgreSQL); the data folder the harness made goes here, as
  // closing with keepDatabase leaves it.
  process.on(
    'disconnect',
    () =>
      void server
        .close({ keepDatabase: true })
        .then(() => rmSync(server.config.dataDir, { recursive: true, force: true }))
        .then(() => process.exit(0)),
  );
}

function startChild(url: string) {
  const child = fork(self, ['serve'], {
    // BENCH_SERVER_NODE_FLAGS: more flags for the server's Node (--cpu-prof, --trace-gc…).
    execArgv: ['--import', 'tsx', '--expose-gc', ...(process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean)],
    env: { ...process.env, BENCH_REPORTS_URL: url },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<{ child: ChildProcess; ready: Ready }>((resolve, reject) => {
    child.once('message', (ready) => resolve({ child, ready: ready as Ready }));
    child.once('exit', (code) => reject(new Error(`bench:reports: the server exited with ${code}`)));
  });
}

const ask = <T>(child: ChildProcess, what: 'watch-memory' | 'memory') =>
  new Promise<T>((resolve) => {
    child.once('message', (m) => resolve(m as T));
    child.send(what);
  });

// ——— The measures ———

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

type Case = { route: string; range: string; path: string; token: string };
type Row = { route: string; range: string; p50: number; p95: number; max: number; server: number; note: string; failed?: string };
type Streamed = Memory & {
  name: string;
  encoding: string;
  rows: number;
  mb: number;
  s: number;
  rowsPerS: number;
  firstByteMs: number;
  /** Stopped after EXPORT_SECONDS: rows/s is of what came until then. */
  cut: boolean;
  failed?: string;
};

async function main() {
  const url = await benchDatabase('bench:reports', 'portal_reports');
  const migrated = await openDatabaseWithJobs({ url, prepare: seedIfEmpty });
  await migrated.close();
  await generate(url);
  const counts = await figures(url);
  const { child, ready } = await startChild(url);
  const { base, owner, admin } = ready;

  const get = async (path: string, token: string) => {
    const t = performance.now();
    const res = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    const ms = performance.now() - t;
    const serverMs = Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);
    return { ms, serverMs, status: res.status, text };
  };

  // The ranges, as the page's presets make them (days are UTC; both ends included).
  const today = day(new Date());
  const first = addDays(today, -Math.round(YEARS * 365.25) + 1);
  const ranges: [string, string][] = [
    ['7 days', addDays(today, -6)],
    ['30 days', addDays(today, -29)],
    ['90 days', addDays(today, -89)],
    ['365 days', addDays(today, -364)],
    ['3 years', first],
  ];
  const oneApp = counts.busiestApp;
  const cases: Case[] = [];
  const add = (route: string, range: string, path: string, token = owner) => cases.push({ route, range, path, token });
  for (const [name, from] of ranges) {
    const r = `from=${from}&to=${today}`;
    for (const group of ['day', 'week', 'month']) {
      add(`summary by ${group}`, name, `/v1/publisher/reports/summary?${r}&group=${group}`);
      add(`summary by ${group}, one app`, name, `/v1/publisher/reports/summary?${r}&group=${group}&appId=${oneApp}`);
    }
    for (const [route, path] of [
      ['transactions', '/v1/publisher/reports/transactions'],
      ['installs', '/v1/publisher/reports/installs'],
    ] as const) {
      add(`${route}, first page`, name, `${path}?${r}`);
      add(`${route}, first page, one app`, name, `${path}?${r}&appId=${oneApp}`);
      add(`${route}, offset 10 000`, name, `${path}?${r}&offset=10000`);
    }
    add('versions', name, `/v1/publisher/reports/versions?${r}`);
    add('versions, one app', name, `/v1/publisher/reports/versions?${r}&appId=${oneApp}`);
    add('payouts', name, `/v1/publisher/reports/payouts?${r}`);
    add('admin summary by day', name, `/v1/admin/reports/summary?${r}`, admin);
    add('admin summary by month', name, `/v1/admin/reports/summary?${r}&group=month`, admin);
    add('admin summary, Northwind', name, `/v1/admin/reports/summary?${r}&publisherId=${NORTHWIND}`, admin);
    add('admin transactions', name, `/v1/admin/reports/transactions?${r}`, admin);
    add('admin installs', name, `/v1/admin/reports/installs?${r}`, admin);
  }
  // Statements: the newest payout's (pending) and the newest paid one's, and their lines (first page, one 10 000 in).
  for (const [label, id] of [
    ['newest', counts.payouts.newest],
    ['newest paid', counts.payouts.newestPaid],
  ] as const) {
    add(`statement (${label})`, '—', `/v1/publisher/reports/payouts/${id}`);
    add(`statement lines (${label})`, '—', `/v1/publisher/reports/payouts/${id}/lines`);
    add(`statement lines (${label}), offset 10 000`, '—', `/v1/publisher/reports/payouts/${id}/lines?offset=10000`);
  }
  add('admin dashboard', '—', '/v1/admin/dashboard', admin);

  // What else the machine is doing shows in the figures: its load, printed before and after.
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
  const loadBefore = load();
  // A server that has been serving (V8 has compiled its code, PostgreSQL's buffers hold what the pages read):
  // every page twice before anything is timed.
  const missing = new Set<string>();
  for (let round = 0; round < (PARTS.has('pages') ? 2 : 0); round++) {
    for (const k of cases) if ((await get(k.path, k.token)).status !== 200) missing.add(k.path);
  }
  const rows: Row[] = [];
  for (const k of PARTS.has('pages') ? cases : []) {
    if (missing.has(k.path)) {
      const r = await get(k.path, k.token);
      rows.push({ route: k.route, range: k.range, p50: NaN, p95: NaN, max: NaN, server: NaN, note: '', failed: `${r.status} ${r.text.slice(0, 120)}` });
      continue;
    }
    const ms: number[] = [];
    const serverMs: number[] = [];
    let note = '';
    for (let i = 0; i < RUNS; i++) {
      const r = await get(k.path, k.token);
      if (r.status !== 200) throw new Error(`${k.path}: ${r.status} ${r.text.slice(0, 200)}`);
      ms.push(r.ms);
      serverMs.push(r.serverMs);
      if (i === 0) {
        const body = JSON.parse(r.text);
        note =
          body?.meta?.total !== undefined
            ? `${body.meta.total} rows`
            : Array.isArray(body?.series)
              ? `${body.series.length} points`
              : Array.isArray(body?.data)
                ? `${body.data.length} rows`
                : '';
      }
    }
    rows.push({
      route: k.route,
      range: k.range,
      p50: quantile(ms, 0.5),
      p95: quantile(ms, 0.95),
      max: Math.max(...ms),
      server: quantile(serverMs, 0.95),
      note,
    });
  }

  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (n: number) => (Number.isNaN(n) ? '—' : n.toFixed(1)).padStart(7);
  if (rows.length) {
    console.log(
      `\nReport pages on PostgreSQL: Northwind with ${counts.sales} sales lines and ${counts.installEvents} install reports (${counts.from} – ${counts.to}); ${RUNS} requests each, one at a time, after a warm-up. ms measured by the client; "server" is the p95 of the Server-Timing header (arrival to answer).`,
    );
    console.log(`${pad('route', 44)} ${pad('range', 9)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)} ${'server'.padStart(7)}  answer`);
    for (const r of rows) {
      const flag = r.failed ? `FAILED: ${r.failed}` : r.p95 > GOAL_P95_MS ? `${r.note}  ← p95 above ${GOAL_P95_MS} ms` : r.note;
      console.log(`${pad(r.route, 44)} ${pad(r.range, 9)} ${num(r.p50)} ${num(r.p95)} ${num(r.max)} ${num(r.server)}  ${flag}`);
    }
  }

  // ——— CSV, streamed ———
  // As a browser downloads them (it accepts brotli and gzip: the portal compresses as the client accepts), and the
  // transactions once more uncompressed (curl, a script), which shows what compressing costs.
  const installsFrom = INSTALLS_EXPORT_DAYS ? addDays(today, -INSTALLS_EXPORT_DAYS + 1) : first;
  const exports = [
    { name: 'transactions, 3 years', encoding: BROWSER, path: `/v1/publisher/reports/transactions/export?from=${first}&to=${today}` },
    { name: 'transactions, 3 years', encoding: 'identity', path: `/v1/publisher/reports/transactions/export?from=${first}&to=${today}` },
    {
      name: `installs, ${INSTALLS_EXPORT_DAYS ? `${INSTALLS_EXPORT_DAYS} days` : '3 years'}`,
      encoding: BROWSER,
      path: `/v1/publisher/reports/installs/export?from=${installsFrom}&to=${today}`,
    },
  ];
  const streamed: Streamed[] = [];
  if (PARTS.has('exports'))
    console.log(
      `\nCSV exports read as a stream (each stopped after ${EXPORT_SECONDS} s at most); the server's memory (its own process) sampled every 50 ms from the start of each`,
    );
  for (const e of PARTS.has('exports') ? exports : []) {
    await ask(child, 'watch-memory');
    const t = performance.now();
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), EXPORT_SECONDS * 1000);
    let lines = 0;
    let bytes = 0;
    let firstByteMs = NaN;
    let encoding = e.encoding;
    let failed: string | undefined;
    let cut = false;
    try {
      const res = await fetch(base + e.path, { headers: { authorization: `Bearer ${owner}`, 'accept-encoding': e.encoding }, signal: stop.signal });
      firstByteMs = performance.now() - t;
      encoding = res.headers.get('content-encoding') ?? 'identity';
      if (res.status !== 200) failed = `${res.status} ${(await res.text()).slice(0, 120)}`;
      else {
        // Counted as it comes (fetch decompresses): nothing kept.
        const reader = res.body!.getReader();
        for (let r = await reader.read(); !r.done; r = await reader.read()) {
          const chunk = r.value;
          bytes += chunk.length;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
        }
      }
    } catch (error) {
      if (!stop.signal.aborted) throw error;
      cut = true;
    } finally {
      clearTimeout(timer);
    }
    const s = (performance.now() - t) / 1000;
    const memory = await ask<Memory>(child, 'memory');
    const rows = Math.max(0, lines - 1); // the header
    const x: Streamed = { name: e.name, encoding, rows, mb: bytes / 1e6, s, rowsPerS: rows / s, firstByteMs, ...memory, cut, failed };
    streamed.push(x);
    const name = `${x.name} (${x.encoding})`;
    if (x.failed) console.log(`${pad(name, 34)} FAILED: ${x.failed}`);
    else
      console.log(
        `${pad(name, 34)} ${x.rows} rows${cut ? ` (stopped after ${EXPORT_SECONDS} s)` : ''}, ${x.mb.toFixed(0)} MB in ${x.s.toFixed(1)} s: ${Math.round(x.rowsPerS)} rows/s (first byte ${x.firstByteMs.toFixed(0)} ms); resident ${x.rssStartMB.toFixed(0)} → ${x.rssPeakMB.toFixed(0)} MB (+${(x.rssPeakMB - x.rssStartMB).toFixed(0)}), JS heap used ${x.heapStartMB.toFixed(0)} → ${x.heapPeakMB.toFixed(0)} MB`,
      );
  }
  child.disconnect();
  console.log(`\nload average (1, 5, 15 min) before the measures: ${loadBefore}; after: ${load()}`);

  // ——— The goals ———
  const misses: string[] = [];
  for (const r of rows) {
    if (r.failed) misses.push(`${r.route} (${r.range}): ${r.failed}`);
    else if (r.p95 > GOAL_P95_MS) misses.push(`${r.route} (${r.range}): p95 ${r.p95.toFixed(1)} ms > ${GOAL_P95_MS} ms`);
  }
  for (const x of streamed) {
    const name = `${x.name} export (${x.encoding})`;
    if (x.failed) misses.push(`${name}: ${x.failed}`);
    else {
      if (x.rowsPerS < GOAL_ROWS_PER_S)
        misses.push(`${name}: ${Math.round(x.rowsPerS)} rows/s < ${GOAL_ROWS_PER_S}${x.cut ? ` (stopped after ${EXPORT_SECONDS} s)` : ''}`);
      if (x.rssPeakMB - x.rssStartMB > GOAL_RSS_GROWTH_MB)
        misses.push(`${name}: the server's memory +${(x.rssPeakMB - x.rssStartMB).toFixed(0)} MB > ${GOAL_RSS_GROWTH_MB} MB`);
    }
  }
  const rounded = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'number' ? round1(v) : v]));
  console.log(JSON.stringify({ data: counts, runs: RUNS, pages: rows.map(rounded), exports: streamed.map(rounded), misses }));
  console.log(
    misses.length
      ? `\n${misses.length} goal(s) missed:\n  ${misses.join('\n  ')}`
      : `\nevery page's p95 within ${GOAL_P95_MS} ms; every export ≥ ${GOAL_ROWS_PER_S} rows/s with flat memory`,
  );
  return misses.length ? 1 : 0;
}

/** What the database holds for the bench, and the ids the cases need. */
async function figures(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const q = async <T>(text: string, params: unknown[] = []) => (await c.query(text, params)).rows[0] as T;
    const sales = await q<{ n: number; from: Date; to: Date }>(
      `SELECT count(*)::int AS n, min(at) AS "from", max(at) AS "to" FROM sales_lines WHERE publisher_id = $1`,
      [NORTHWIND],
    );
    const installs = await q<{ n: number }>(`SELECT count(*)::int AS n FROM app_install_events WHERE publisher_id = $1`, [NORTHWIND]);
    // The one app of the "one app" pages: the app (not a bundle) with the most sales, installed too.
    const busiest = await q<{ app_id: string }>(
      `SELECT d.app_id FROM report_days d JOIN apps a ON a.id = d.app_id AND NOT a.is_bundle
       WHERE d.publisher_id = $1 AND EXISTS (SELECT 1 FROM install_days i WHERE i.publisher_id = $1 AND i.app_id = d.app_id)
       GROUP BY 1 ORDER BY sum(d.sales) DESC LIMIT 1`,
      [NORTHWIND],
    );
    const newest = await q<{ id: string }>(`SELECT id FROM payouts WHERE publisher_id = $1 ORDER BY created_at DESC LIMIT 1`, [NORTHWIND]);
    const newestPaid = await q<{ id: string }>(`SELECT id FROM payouts WHERE publisher_id = $1 AND status = 'paid' ORDER BY created_at DESC LIMIT 1`, [
      NORTHWIND,
    ]);
    return {
      sales: sales.n,
      installEvents: installs.n,
      from: sales.from ? day(sales.from) : '',
      to: sales.to ? day(sales.to) : '',
      busiestApp: busiest?.app_id ?? '',
      payouts: { newest: newest?.id ?? '', newestPaid: newestPaid?.id ?? '' },
    };
  } finally {
    await c.end();
  }
}

// Run as a script: the bench, or (`serve`) its server.
if (process.argv[1] === self) {
  if (process.argv[2] === 'serve') await serve(process.env.BENCH_REPORTS_URL!);
  else process.exitCode = await main();
}
