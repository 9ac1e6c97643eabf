// `npm run bench:lists`: the lists that grow, at a million rows, on PostgreSQL. Uses DATABASE_URL (made
// with `npm run seed:scale`), or — as `npm run bench:lists` does through scripts/with-postgres.sh — a fresh
// database on TEST_DATABASE_URL's server, seeded at scale first. For each list it asks for the first page,
// the next, a page 10 000 rows in, the middle and the last page (25 rows each), five times, and prints the
// median server time (the Server-Timing header: arrival to answer) against the goal of 10 ms, after a
// warm-up.
import { benchDatabase } from './bench-database';
import { startServer } from '../tests/harness';
import { BUSY_APP, seedScale } from './seed-scale';

const GOAL_MS = 10;
const LIMIT = 25;

const url = await benchDatabase('bench:lists', 'portal_scale', ' (see npm run seed:scale)');
await seedScale(url);
const server = await startServer({ databaseUrl: url, compileWorker: false }, { SEED_DEMO_DATA: 'false' });
const reviewer = await server.signIn('reviewer');
// Northwind's owner: the demo publisher whose purchases list is long at scale.
const owner = await server.signIn('owner');

type List = { name: string; path: (offset: number) => string; token?: string };
const all: List[] = [
  { name: 'admin apps', path: (o) => `/v1/admin/apps?limit=${LIMIT}&offset=${o}` },
  { name: `activity logs of ${BUSY_APP}`, path: (o) => `/v1/admin/app/${BUSY_APP}/activityLogs?limit=${LIMIT}&offset=${o}` },
  { name: 'compile jobs', path: (o) => `/v1/admin/jobs?limit=${LIMIT}&offset=${o}` },
  { name: 'admin purchase records, newest first', path: (o) => `/v1/admin/purchases?limit=${LIMIT}&offset=${o}` },
  { name: 'admin purchase records, oldest first', path: (o) => `/v1/admin/purchases?limit=${LIMIT}&offset=${o}&order=asc` },
  { name: 'Northwind’s purchases', path: (o) => `/v1/publisher/purchases?limit=${LIMIT}&offset=${o}`, token: owner },
];
// `bench-lists.ts purchases`: the purchase lists only (what `npm run bench:api` adds).
const only = process.argv[2];
const lists = only ? all.filter((l) => l.name.toLowerCase().includes(only)) : all;

const time = async (path: string, token = reviewer) => {
  const res = await server.request('GET', path, { token });
  const ms = Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text.slice(0, 200)}`);
  return { ms, total: res.json.meta.total as number, rows: res.json.data.length as number };
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// A server that has been serving (its code compiled by V8, PostgreSQL's buffers holding the indexes), as
// in production: a few rounds over every list before anything is timed.
for (let round = 0; round < 3; round++) {
  for (const list of lists) {
    const { total } = await time(list.path(0), list.token);
    for (const offset of [0, LIMIT, Math.floor(total / 2), Math.max(0, total - LIMIT)]) await time(list.path(offset), list.token);
  }
}

let missed = 0;
for (const list of lists) {
  const { total } = await time(list.path(0), list.token);
  const offsets = [...new Set([0, LIMIT, 10_000, Math.floor(total / 2 / LIMIT) * LIMIT, Math.max(0, Math.ceil(total / LIMIT) * LIMIT - LIMIT)])];
  const cells: string[] = [];
  for (const offset of offsets) {
    await time(list.path(offset), list.token);
    const runs = [];
    for (let i = 0; i < 5; i++) runs.push(await time(list.path(offset), list.token));
    const ms = median(runs.map((r) => r.ms));
    if (ms > GOAL_MS) missed++;
    cells.push(`offset ${offset}: ${ms.toFixed(1)} ms${ms > GOAL_MS ? ' (MISSES)' : ''}`);
  }
  console.log(`${list.name} (${total} rows): ${cells.join(', ')}`);
}
console.log(missed ? `${missed} page(s) above the ${GOAL_MS} ms goal` : `every page within the ${GOAL_MS} ms goal`);
if (!only || only === 'purchases') {
  // Beyond the pages: a workspace's records (one request, up to 1 000 rows) and the whole CSV export streamed.
  const admin = await server.signIn('admin');
  const ws = await server.request('GET', '/v1/admin/workspaces/scale-ws-1/purchases', { token: admin });
  const wsMs = Number(/dur=([\d.]+)/.exec(ws.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  console.log(`a workspace's purchase records (${(ws.json as unknown[]).length} rows): ${wsMs.toFixed(1)} ms`);
  const started = Date.now();
  const csv = await server.request('GET', '/v1/admin/purchases/export', { token: admin });
  const rows = csv.text.split('\r\n').length - 2;
  console.log(`CSV export of every purchase record: ${rows} rows, ${(csv.text.length / 1e6).toFixed(0)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
await server.close({ keepDatabase: true });
