// Compile benchmark: the fixture apps through the real server's compile worker (each compile in its sandbox
// process), and the latency of GET /v1/engine/version measured while they compile, next to the same
// measurement on a quiet server. Goal: p95 ≤ 100 ms while compiling. Usage: npm run bench:compile
import { fixtureFiles, zip } from '../tests/fixtures/packages';
import { startServer } from '../tests/harness';
import { fmt, sampleLatency } from './bench-latency';

const FIXTURES = ['standup-helper', 'reminder-bot', 'room-slugger', 'legacy-poll', 'path-escape'];
const s = await startServer({ compiler: 'real' });
const token = await s.signIn('owner');

const quietEnd = performance.now() + 3000;
const quiet = await sampleLatency(s.base, () => performance.now() > quietEnd);

const started = performance.now();
const ids: string[] = [];
for (const name of FIXTURES) {
  const res = await s.upload('POST', '/v1/publisher/apps', token, [{ field: 'app', filename: `${name}.zip`, data: zip(fixtureFiles(name)) }]);
  if (res.status !== 201) throw new Error(`${name}: upload answered ${res.status} ${res.text}`);
  ids.push(res.json.appId);
}
let compiling = true;
const settle = (async () => {
  for (;;) {
    const statuses = await Promise.all(ids.map(async (id) => (await s.request('GET', `/v1/publisher/apps/${id}`, { token })).json.latest.status as string));
    if (statuses.every((st) => st !== 'compiling')) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  compiling = false;
})();
const during = await sampleLatency(s.base, () => !compiling);
await settle;
const wall = performance.now() - started;

console.log(`fixtures: ${FIXTURES.join(', ')} (COMPILE_CONCURRENCY=${s.config.compileConcurrency})`);
for (const id of ids) {
  const jobs = (await s.request('GET', `/v1/publisher/apps/${id}/jobs`, { token })).json as { status: string; duration: number; typeScriptVersion: string }[];
  const j = jobs[0]!;
  console.log(`  ${id}: ${j.status} in ${j.duration} ms (TypeScript ${j.typeScriptVersion})`);
}
console.log(`all compiles done in ${Math.round(wall)} ms`);
console.log(`GET /v1/engine/version, quiet server:     ${fmt(quiet)}`);
console.log(`GET /v1/engine/version, while compiling:  ${fmt(during)}  (goal p95 ≤ 100 ms)`);
await s.close();
