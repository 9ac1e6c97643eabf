// `npm run bench:jobs`: 10 000 webhook deliveries (BENCH_DELIVERIES) to a local receiver, drained by two
// portal processes on PostgreSQL (a throwaway server, through scripts/with-postgres.sh), one of them killed
// (SIGKILL) half-way. Prints the time it took and what was lost or doubled (none of either is the goal),
// and how many deliveries the killed process had on the wire that the survivor made again (at least once,
// same webhook-id). Then the idle cost: what two idle portal processes ask of PostgreSQL per second.
// A benchmark, not a test: tests/api/jobs-drain.test.ts asserts the same on 300 deliveries.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { drainAcrossProcesses } from '../tests/jobs-drain';
import { startPortalProcess, tempDataDir } from '../tests/portal-process';

const admin = process.env.TEST_DATABASE_URL;
if (!admin) throw new Error('bench:jobs: run it through scripts/with-postgres.sh (npm run bench:jobs), which sets TEST_DATABASE_URL');
const deliveries = Number(process.env.BENCH_DELIVERIES ?? 10_000);

const r = await drainAcrossProcesses({ admin, deliveries, log: (line) => console.log(`  ${line}`) });
console.log(
  `${deliveries} webhook deliveries, two processes, one killed at ${r.receivedAtKill} received: drained in ${(r.ms / 1000).toFixed(1)} s ` +
    `(${Math.round((deliveries / r.ms) * 1000)}/s, the dead process's lease included)`,
);
console.log(`  lost ${r.lost} · doubled ${r.doubled} · recorded twice ${r.recordedTwice} · jobs not completed ${r.unfinishedJobs}`);
console.log(`  made again after the kill (on the wire when it died; at least once, same webhook-id): ${r.resentAfterKill}`);

// Idle: two portal processes with every worker, nothing to do, default job settings.
const name = `portal_idle_${randomBytes(6).toString('hex')}`;
const c = new pg.Client({ connectionString: admin });
await c.connect();
await c.query(`CREATE DATABASE ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;
const dirs = [tempDataDir('portal-idle-'), tempDataDir('portal-idle-')];
const portals = await Promise.all(
  dirs.map((d) => startPortalProcess({ DATABASE_URL: url.toString(), DATA_DIR: d.path, SEED_DEMO_DATA: 'true', LOG_LEVEL: 'error' })),
);
try {
  const stats = async () => {
    const { rows } = await c.query<{ xacts: string; calls: string }>(
      `SELECT (SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = $1) AS xacts`,
      [name],
    );
    return Number(rows[0]!.xacts);
  };
  await new Promise((r) => setTimeout(r, 15_000));
  const seconds = 60;
  const before = await stats();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  // This probe's own statements are not on that database.
  const perSecond = ((await stats()) - before) / seconds;
  console.log(`idle: ${perSecond.toFixed(2)} transactions/s on the database for two processes (${(perSecond / 2).toFixed(2)} per process) over ${seconds} s`);
} finally {
  await Promise.all(portals.map((p) => p.stop()));
  for (const d of dirs) d.remove();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.end();
}
