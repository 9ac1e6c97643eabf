// `npm run budget` (after `vite build`; part of `npm test`): the bytes of the first visit, held to budget.json's
// `limits` (docs/performance.md "First screen"). Timings are not held here: `npm run bench:first-screen` reports
// them (a wall-clock figure on a shared machine is not a test).
//
// One load in Chromium with an empty cache: a signed-in owner opens /publisher/apps, the portal serving the
// build (brotli, as a browser asks), until the apps table shows its rows and the network is idle. Counted on
// the wire, headers included: the document, every script and stylesheet. Later screens, from Vite's manifest
// (brotli): the largest chunk the entry does not hold; the largest first visit to a screen of the sidebar —
// the chunks the document for its address preloads beyond the shell (the entry and its imports, which every
// screen loads; server/kernel/plugins/route-preloads.ts); and the largest lazily loaded part (a drawer, a
// dialog, a screen off the sidebar: all the chunks it brings).
// Limits only go down, unless a commit says why a feature had to cost more (and what it won back).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routePreloads } from '../server/kernel/plugins/route-preloads';
import { adminNav, publisherNav } from '../src/features/shell/nav';
import { DOCUMENT_COOKIES } from '../contract/screen-render';
import { launchChromium, signInAs } from '../tests/e2e/browser';
import { startServer } from '../tests/harness';

type Measures = {
  documentKiB: number;
  firstVisitJsKiB: number;
  firstScreenCssKiB: number;
  largestSidebarScreenKiB: number;
  largestLaterChunkKiB: number;
  largestRouteKiB: number;
};
const budget = JSON.parse(readFileSync('budget.json', 'utf8')) as { limits: Measures };
const manifestPath = join('dist', '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`budget: ${manifestPath} not found; run \`npm run build\` first`);
  process.exit(1);
}
type Chunk = { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] };
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const served = (file: string) => readFileSync(join('dist', existsSync(join('dist', `${file}.br`)) ? `${file}.br` : file)).length;
const closure = (key: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
};
const entry = closure(Object.keys(manifest).find((k) => manifest[k]!.isEntry)!);
const later = (k: string) => !entry.has(k);
const named = (k: string) => k.replace('src/routes/', '').replace('node_modules/', '');
const chunks = Object.keys(manifest)
  .filter((k) => later(k) && manifest[k]!.file.endsWith('.js'))
  .map((k) => ({ name: named(k), size: served(manifest[k]!.file) }))
  .sort((a, b) => b.size - a.size);
const routes = Object.keys(manifest)
  .filter((k) => manifest[k]!.isDynamicEntry && later(k))
  .map((k) => ({ name: named(k), size: [...closure(k)].filter(later).reduce((n, c) => n + served(manifest[c]!.file), 0) }))
  .sort((a, b) => b.size - a.size);

// Every screen of the sidebar, at its address (an optional last segment left out).
const preloads = routePreloads(manifest);
const screens = [...publisherNav, ...adminNav]
  .map((e) => e.to.replace(/\/\{-\$[^}]+\}$/, ''))
  .map((path) => ({ name: path, size: preloads(path).reduce((n, f) => n + served(f.slice(1)), 0) }))
  .sort((a, b) => b.size - a.size);

const server = await startServer({ serveSpa: true, compileWorker: false });
const browser = await launchChromium();
const problems: string[] = [];
const wire = { document: 0, js: 0, css: 0 };
const files: { url: string; bytes: number }[] = [];
const asked: string[] = [];
try {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  await signInAs(page, server.base, /Olivia Bennett/);
  await page.getByRole('row').nth(1).waitFor();
  // The cookies that have the server render the screen (docs/adr/0011-screens-rendered-with-their-data.md); the
  // time zone's is written once the page is idle.
  while (!(await context.cookies()).some((c) => c.name === DOCUMENT_COOKIES.zone)) await page.waitForTimeout(50);
  const state = await context.storageState();
  await context.close();
  // The measured load: a new context (nothing cached) with the stored session.
  const fresh = await browser.newContext({ storageState: state, viewport: { width: 1366, height: 860 } });
  const measured = await fresh.newPage();
  measured.on('pageerror', (e) => problems.push(`the first screen threw: ${e.message}`));
  const cdp = await fresh.newCDPSession(measured);
  await cdp.send('Network.enable');
  const types = new Map<string, { url: string; type: string }>();
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, { url: e.response.url, type: e.type }));
  cdp.on('Network.requestWillBeSent', (e) => asked.push(new URL(e.request.url).pathname));
  cdp.on('Network.loadingFinished', (e) => {
    const r = types.get(e.requestId);
    if (!r) return;
    const kind = r.type === 'Document' ? 'document' : r.type === 'Script' ? 'js' : r.type === 'Stylesheet' ? 'css' : undefined;
    if (!kind) return;
    wire[kind] += e.encodedDataLength;
    files.push({ url: new URL(r.url).pathname, bytes: e.encodedDataLength });
  });
  const document = await measured.goto(`${server.base}/publisher/apps`, { waitUntil: 'networkidle' });
  if (!(await document?.text())?.includes('<div id="root" inert>')) problems.push('the document did not carry the apps screen rendered by the server');
  await measured.locator('main table tbody tr a[href^="/publisher/apps/"]').first().waitFor();
  // The sidebar lists what the policy lets her read, from the first render (docs/adr/0010-first-screen-by-design.md).
  await measured.getByRole('navigation', { name: 'Publisher' }).getByRole('link', { name: 'Apps' }).waitFor();
  await fresh.close();
} finally {
  await browser.close();
  await server.close();
}

const rows: [string, number, keyof Measures][] = [
  ['the document (the apps screen rendered with its data)', wire.document, 'documentKiB'],
  ['JavaScript of the whole first visit, on the wire', wire.js, 'firstVisitJsKiB'],
  ['CSS of the first visit, on the wire', wire.css, 'firstScreenCssKiB'],
  [`largest first visit to a screen of the sidebar, beyond the shell (${screens[0]?.name}, brotli)`, screens[0]?.size ?? 0, 'largestSidebarScreenKiB'],
  [`largest later chunk (${chunks[0]?.name ?? 'none'}, brotli)`, chunks[0]?.size ?? 0, 'largestLaterChunkKiB'],
  [`largest lazily loaded part beyond the shell (${routes[0]?.name ?? 'none'}: its chunks, brotli)`, routes[0]?.size ?? 0, 'largestRouteKiB'],
];
let failed = problems.length > 0;
for (const [label, value, key] of rows) {
  const limit = budget.limits[key] * 1024;
  const over = value > limit;
  failed ||= over;
  console.log(`${over ? 'FAIL' : 'ok  '} ${label}: ${kib(value)} (limit ${kib(limit)}; ${value} bytes)`);
}
for (const p of problems) console.log(`FAIL ${p}`);
// Who is signed in and the list come with the document: the SPA asks the API nothing to show the first screen.
for (const path of ['/v1/me', '/v1/publisher', '/v1/me/ac', '/v1/misc/cloud-urls', '/v1/publisher/apps']) {
  const times = asked.filter((p) => p === path).length;
  if (times !== 0) {
    console.log(`FAIL ${path} was requested ${times} times by the first screen (the document carries it)`);
    failed = true;
  }
}
console.log(
  'first visit files:',
  files
    .sort((a, b) => b.bytes - a.bytes)
    .map((f) => `${f.url.replace('/assets/', '')} ${kib(f.bytes)}`)
    .join(', '),
);
console.log(
  'later chunks:',
  chunks
    .slice(0, 6)
    .map((r) => `${r.name} ${kib(r.size)}`)
    .join(', '),
);
console.log('sidebar screens beyond the shell:', screens.map((r) => `${r.name} ${kib(r.size)}`).join(', '));
console.log(
  'lazily loaded parts beyond the shell:',
  routes
    .slice(0, 6)
    .map((r) => `${r.name} ${kib(r.size)}`)
    .join(', '),
);
process.exit(failed ? 1 : 0);
