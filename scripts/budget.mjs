// Size budget over Vite's manifest (run after `vite build`): gzip bytes of
//  - the JS loaded before any route chunk (the entry and everything it imports statically),
//  - the largest route chunk (a lazily loaded chunk plus what it alone pulls in),
//  - the CSS.
// Fails when a figure is above its limit in budget.json. Limits only go down, unless a change says in
// its commit why a feature had to cost more (and what it won back).
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = process.argv[2] ?? 'dist';
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`budget: ${manifestPath} not found; run \`npm run build\` first`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const budget = JSON.parse(readFileSync('budget.json', 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

const closure = (key, seen = new Set()) => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
};
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const critical = closure(entryKey);
const jsSize = (keys) => [...keys].reduce((n, k) => n + gz(manifest[k].file), 0);

const initialJs = jsSize(critical);
const routes = Object.keys(manifest)
  .filter((k) => manifest[k].isDynamicEntry)
  .map((k) => ({ name: k, size: jsSize([...closure(k)].filter((c) => !critical.has(c))) }))
  .sort((a, b) => b.size - a.size);
const cssFiles = new Set(Object.values(manifest).flatMap((c) => c.css ?? []));
const css = [...cssFiles].reduce((n, f) => n + gz(f), 0);

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const rows = [
  ['JS before any route chunk', initialJs, budget.initialJsKiB, budget.goals.initialJsKiB],
  [`largest route chunk (${routes[0]?.name ?? 'none'})`, routes[0]?.size ?? 0, budget.largestRouteKiB, budget.goals.largestRouteKiB],
  ['CSS', css, budget.cssKiB, budget.goals.cssKiB],
];
let failed = false;
for (const [label, size, limit, goal] of rows) {
  const over = size > limit * 1024;
  failed ||= over;
  console.log(`${over ? 'FAIL' : 'ok  '} ${label}: ${kib(size)} gzip (limit ${limit} KiB, goal ${goal} KiB)`);
}
console.log('route chunks:', routes.slice(0, 6).map((r) => `${r.name.replace('src/routes/', '')} ${kib(r.size)}`).join(', '));
process.exit(failed ? 1 : 0);
