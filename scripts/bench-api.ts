// `npm run bench:api`: the API under load (autocannon, 50 connections), on PGlite or — with
// TEST_DATABASE_URL, as scripts/with-postgres.sh sets it — on PostgreSQL. The portal runs in a child
// process (so the load generator does not share its event loop) on the demo data, and a bare Fastify route
// in another serves the exact bytes of the apps list, so the figures are ratios this machine cannot flatter:
//  - authenticated GET /v1/publisher/apps against the bare route (goal ≥ 10 %, p99 ≤ 50 ms),
//  - authenticated GET /v1/me against the anonymous GET /v1/engine/version (goal ≥ 40 %).
// Prints a table and one JSON line; exits non-zero only when a request fails, never on a figure.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const self = fileURLToPath(import.meta.url);

type Ready = { base: string; token: string; body?: string };

async function serve(mode: string) {
  if (mode === 'portal') {
    const { startServer } = await import('../tests/harness');
    // The product's defaults (the test harness turns the read cache off for tests that write behind its back).
    const server = await startServer({ compileWorker: false }, { READ_CACHE_SECONDS: '30' });
    const token = await server.signIn('owner');
    process.send!({ base: server.base, token } satisfies Ready);
    process.on('disconnect', () => void server.close().then(() => process.exit(0)));
    return;
  }
  const { default: Fastify } = await import('fastify');
  const body = process.env.BARE_BODY ?? '';
  const app = Fastify();
  app.get('/bare', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  process.send!({ base: `http://127.0.0.1:${port}`, token: '' } satisfies Ready);
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
}

function start(mode: string, env: Record<string, string> = {}) {
  const child = fork(self, [mode], { env: { ...process.env, ...env }, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise<{ child: ChildProcess; ready: Ready }>((resolve, reject) => {
    child.once('message', (ready) => resolve({ child, ready: ready as Ready }));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

type Result = { name: string; rps: number; p50: number; p99: number; errors: number };

async function load(name: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
  // A short warm-up (JIT, connection pools, caches), then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const errors = r.errors + r.timeouts + r.non2xx;
  return { name, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors };
}

async function main() {
  const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  const portal = await start('portal');
  const { base, token } = portal.ready;
  const auth = { authorization: `Bearer ${token}` };
  const list = await fetch(`${base}/v1/publisher/apps`, { headers: auth });
  const listBody = await list.text();
  if (list.status !== 200) throw new Error(`GET /v1/publisher/apps answered ${list.status}`);
  const bare = await start('bare', { BARE_BODY: listBody });

  const results: Result[] = [];
  results.push(await load('bare route, same bytes as the apps list', `${bare.ready.base}/bare`));
  results.push(await load('GET /v1/publisher/apps (authenticated)', `${base}/v1/publisher/apps`, auth));
  results.push(await load('GET /v1/engine/version (anonymous)', `${base}/v1/engine/version`));
  results.push(await load('GET /v1/me (authenticated)', `${base}/v1/me`, auth));
  portal.child.disconnect();
  bare.child.disconnect();

  const [bareR, appsR, anonR, meR] = results as [Result, Result, Result, Result];
  console.log(`\nAPI on ${db}, ${CONNECTIONS} connections, ${DURATION} s each (apps list: ${listBody.length} bytes)`);
  for (const r of results)
    console.log(`${r.name.padEnd(42)} ${String(r.rps).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms${r.errors ? `  ${r.errors} failed` : ''}`);
  const appsRatio = appsR.rps / bareR.rps;
  const meRatio = meR.rps / anonR.rps;
  const goal = (ok: boolean) => (ok ? 'meets the goal' : 'MISSES the goal');
  console.log(
    `apps list / bare route: ${(appsRatio * 100).toFixed(1)} % (goal ≥ 10 %: ${goal(appsRatio >= 0.1)}); apps list p99 ${appsR.p99} ms (goal ≤ 50 ms: ${goal(appsR.p99 <= 50)})`,
  );
  console.log(`/v1/me / anonymous /v1/engine/version: ${(meRatio * 100).toFixed(1)} % (goal ≥ 40 %: ${goal(meRatio >= 0.4)})`);
  console.log(JSON.stringify({ db, connections: CONNECTIONS, seconds: DURATION, appsRatio, appsP99: appsR.p99, meRatio, results }));
  if (results.some((r) => r.errors)) process.exit(1);
}

const mode = process.argv[2];
if (mode) void serve(mode);
else await main();
