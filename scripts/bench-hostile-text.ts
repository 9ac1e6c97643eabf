// `npm run bench:hostile-text`: one publisher's text cannot slow the portal for everyone. While a publisher
// keeps uploading packages with hostile text — an app.json whose description is 64 KB (refused: the manifest's
// fields are bounded), and one whose description is the longest allowed of the slowest Markdown to render
// ('_a' × 5 000: rendered at save, within the renderer's time budget, off the event loop) — 100 connections ask
// for the publisher's and staff's app lists, and /healthz is asked every 50 ms. The same load without the uploads
// first, as the baseline. Prints the liveness probe's latency (median, p99, worst) against the goal of 100 ms, the
// lists' throughput, and what the uploads were answered.
//
// The portal runs in a child process with its own defaults (the read cache on), so that the load generator does
// not share its event loop; on the embedded database (PGlite, what `npm start` runs), or PostgreSQL when
// TEST_DATABASE_URL is set (`npm run bench:hostile-text` runs both).
import { randomUUID } from 'node:crypto';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { fixtureFiles, withManifest, zip } from '../tests/fixtures/packages';

const GOAL_MS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const self = fileURLToPath(import.meta.url);

type Ready = { base: string; owner: string; admin: string };

if (process.argv[2] === 'portal') {
  const { startServer } = await import('../tests/harness');
  // The product's defaults (the test harness turns the read cache off for tests that write behind its back).
  const server = await startServer({ compileWorker: false }, { READ_CACHE_SECONDS: '30' });
  process.send!({ base: server.base, owner: await server.signIn('owner'), admin: await server.signIn('admin') } satisfies Ready);
  process.on('disconnect', () => void server.close().then(() => process.exit(0)));
} else {
  await main();
}

async function main() {
  const child = fork(self, ['portal'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { base, owner, admin } = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`the portal exited with ${code}`)));
  });

  const files = fixtureFiles('standup-helper');
  /** A package of the fixture app under a new id, its description `description`. */
  const hostilePackage = (description: string) => zip(withManifest(files, { id: randomUUID(), nameSlug: `hostile-${randomUUID().slice(0, 8)}`, description }));
  const kinds = [
    { name: '64 KB description', data: () => hostilePackage('x'.repeat(64 * 1024)) },
    { name: "'_a' × 5 000 description", data: () => hostilePackage('_a'.repeat(5_000)) },
  ];

  type Phase = { probe: number[]; answers: Map<string, number>; lists: autocannon.Result[] };

  const probeHealth = async (stop: number, probe: number[]) => {
    while (Date.now() < stop) {
      const start = performance.now();
      await (await fetch(`${base}/healthz`)).arrayBuffer();
      probe.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const upload = async (stop: number, answers: Map<string, number>) => {
    for (let i = 0; Date.now() < stop; i++) {
      const kind = kinds[i % kinds.length]!;
      const form = new FormData();
      form.append('app', new Blob([new Uint8Array(kind.data())]), 'app.zip');
      const res = await fetch(`${base}/v1/publisher/apps`, { method: 'POST', headers: { authorization: `Bearer ${owner}` }, body: form });
      const body = (await res.json().catch(() => ({}))) as { code?: unknown };
      const key = `${kind.name}: ${res.status}${res.status >= 400 ? ` ${String(body.code ?? '')}` : ''}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
    }
  };

  const lists = (path: string, token: string) =>
    autocannon({ url: `${base}${path}`, connections: 50, duration: SECONDS, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });

  /** `SECONDS` of the lists' load and the probe, with the hostile uploads or without them (the baseline). */
  const phase = async (hostileUploads: boolean): Promise<Phase> => {
    const stop = Date.now() + SECONDS * 1000;
    const out: Phase = { probe: [], answers: new Map(), lists: [] };
    const [publisherList, staffList] = await Promise.all([
      lists('/v1/publisher/apps?limit=25', owner),
      lists('/v1/admin/apps?limit=25', admin),
      probeHealth(stop, out.probe),
      hostileUploads ? upload(stop, out.answers) : Promise.resolve(),
    ]);
    out.lists = [publisherList, staffList];
    return out;
  };

  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const report = (name: string, p: Phase) => {
    const sorted = [...p.probe].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    console.log(`— ${name}`);
    p.lists.forEach((r, i) =>
      console.log(
        `  ${i ? 'admin' : 'publisher'} apps list: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}, ${(r.throughput.average / 1024).toFixed(0)} KiB/s`,
      ),
    );
    if (p.answers.size) console.log(`  uploads: ${[...p.answers].map(([k, n]) => `${k} ×${n}`).join('; ')}`);
    console.log(`  /healthz (${p.probe.length} probes): median ${ms(at(0.5))}, p99 ${ms(at(0.99))}, worst ${ms(sorted.at(-1)!)}`);
    return at(0.99);
  };

  const baseline = await phase(false);
  const withUploads = await phase(true);
  child.disconnect();
  console.log(
    `${SECONDS} s each, 100 connections on the app lists (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}); goal: /healthz under ${GOAL_MS} ms with the hostile uploads`,
  );
  const alone = report('the lists alone (baseline)', baseline);
  const p99 = report('the lists while hostile packages upload', withUploads);
  console.log(
    p99 < GOAL_MS
      ? 'goal met'
      : `GOAL MISSED${alone >= GOAL_MS ? ` — and by the lists alone too (p99 ${ms(alone)}): the load, not the hostile text, is what the portal cannot keep up with` : ''}`,
  );
}
