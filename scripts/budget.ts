// `npm run budget` (after `vite build`; part of `npm test`): what the first screen really costs, measured in
// Chromium, and what each later route chunk costs, from Vite's manifest. Fails above budget.json's `limits`
// (bytes only); reports against its `goals` (the targets: all-in first-visit JS ≤ 150 KiB, LCP ≤ 800 ms)
// without failing. The bytes take one load. The LCP is a timing on a shared machine: `npm run
// bench:first-screen` (this script with `--lcp`) measures it seven times and reports it (median and best),
// never a gate; the CI does not run it.
//
// The first screen: a signed-in publisher opens /publisher/apps with an empty HTTP cache, the CPU 4× slower
// than the reference machine's (see REFERENCE_MS), the portal serving the build (brotli, as a browser
// asks). The casbin chunk is held back until the apps table has rendered: the screen must render without
// it (it is fetched beside the screen's data, never awaited before the first render). Counted: the bytes on the wire (encoded) of every script and
// stylesheet that arrived before the table rendered (headers included); the whole first visit adds what
// arrived after it until the sidebar shows the links the permission enforcer allows (casbin and anything
// else the visit fetches); LCP is measured seven times and reported (the median against the goal, the best
// and the spread beside it); it fails nothing, since a wall-clock figure on a shared machine is a coin toss.
//
// Later screens, from the manifest (brotli): every chunk the entry does not hold, and what the first visit to
// each lazily loaded route adds (its chunks together).
// Limits only go down, unless a commit says why a feature had to cost more (and what it won back).
// `BUDGET_TRACE=1 npm run budget` prints what each measured load waited for.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../tests/e2e/browser';
import { startServer } from '../tests/harness';

type Measures = {
  firstScreenJsKiB: number;
  firstScreenCssKiB: number;
  firstVisitJsKiB: number;
  lcpMs: number;
  largestLaterChunkKiB: number;
  largestRouteKiB: number;
  enforcerKiB: number;
};
/** Limits fail the build (they only go down; bytes only); goals are where we are heading (reported, never failing). */
const budget = JSON.parse(readFileSync('budget.json', 'utf8')) as { limits: Partial<Measures>; goals: Partial<Measures> };
const dist = 'dist';
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`budget: ${manifestPath} not found; run \`npm run build\` first`);
  process.exit(1);
}
type Chunk = { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] };
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

const served = (file: string) => (existsSync(join(dist, `${file}.br`)) ? readFileSync(join(dist, `${file}.br`)).length : readFileSync(join(dist, file)).length);
const closure = (key: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
};
const entry = closure(Object.keys(manifest).find((k) => manifest[k]!.isEntry)!);
const named = (k: string) => k.replace('src/routes/', '').replace('node_modules/', '');

/**
 * What later screens load, brotli as served: every chunk the entry does not hold (`chunks`, one file each;
 * a library shared by several screens is one such chunk, fetched once), and for each lazily loaded route
 * or component, the sum of the chunks it alone brings (`routes`: what the first visit to it costs).
 * The permission enforcer is left out of both: the first screen fetches it (measured there).
 */
function laterChunks(except: string | undefined) {
  const later = (k: string) => !entry.has(k) && k !== except;
  const chunks = Object.keys(manifest)
    .filter((k) => later(k) && manifest[k]!.file.endsWith('.js'))
    .map((k) => ({ name: named(k), size: served(manifest[k]!.file) }))
    .sort((a, b) => b.size - a.size);
  const routes = Object.keys(manifest)
    .filter((k) => manifest[k]!.isDynamicEntry && later(k))
    .map((k) => ({ name: named(k), size: [...closure(k)].filter(later).reduce((n, c) => n + served(manifest[c]!.file), 0) }))
    .sort((a, b) => b.size - a.size);
  return { chunks, routes };
}

type Load = { js: number; css: number; visitJs: number; lcp: number; held: number; asked: string[]; files: { url: string; bytes: number }[] };

/** One cold load of /publisher/apps: bytes that arrived before the table rendered, and the LCP. */
async function coldLoad(page: Page, cdp: CDPSession, base: string): Promise<Load> {
  const sizes = new Map<string, { url: string; type: string; bytes: number }>();
  const requests = new Map<string, { url: string; type: string }>();
  const onRequest = (e: { requestId: string; request: { url: string }; type?: string }) =>
    requests.set(e.requestId, { url: e.request.url, type: e.type ?? '' });
  const onFinished = (e: { requestId: string; encodedDataLength: number }) => {
    const r = requests.get(e.requestId);
    if (r) sizes.set(e.requestId, { ...r, bytes: e.encodedDataLength });
  };
  cdp.on('Network.requestWillBeSent', onRequest);
  cdp.on('Network.loadingFinished', onFinished);
  await cdp.send('Network.clearBrowserCache');
  let released = () => {};
  const release = new Promise<void>((resolve) => (released = resolve));
  let held = 0;
  await page.route(`**/${casbinFile}`, async (route) => {
    held++;
    await release;
    await route.continue();
  });
  await page.goto(`${base}/publisher/apps`);
  await page
    .getByRole('row')
    .nth(1)
    .waitFor({ timeout: 30_000 })
    .catch(() => {
      throw new Error(`the apps list did not render while casbin was held back (${held} request(s) for it): the first screen waits for it`);
    });
  const arrived = [...sizes.values()];
  const asked = [...requests.values()].map((r) => new URL(r.url).pathname).filter((p) => p.startsWith('/v1/'));
  released();
  // Once it has the enforcer, the sidebar lists what the policy lets her read: the checks work in the browser.
  await page
    .getByRole('navigation', { name: 'Publisher' })
    .getByRole('link', { name: 'Apps' })
    .waitFor({ timeout: 30_000 })
    .catch(() => {
      throw new Error('the sidebar never showed the Apps link: the permission checks did not load in the browser');
    });
  const [lcp, lcpElement] = await page.evaluate(
    () =>
      new Promise<[number, string]>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
          resolve([last.startTime, `${last.element?.tagName ?? '?'} "${(last.element?.textContent ?? '').slice(0, 30)}"`]);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  // BUDGET_TRACE=1: what each load waited for — the LCP element, the document, every script, style and API call.
  if (process.env.BUDGET_TRACE) {
    const timings = (await page.evaluate(`(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const res = performance.getEntriesByType('resource').filter((e) => /\\/v1\\/|\\.(js|css)$/.test(e.name));
      return ['DOMContentLoaded ' + Math.round(nav.domContentLoadedEventEnd)].concat(res.map((e) => new URL(e.name).pathname + ' ' + Math.round(e.startTime) + '–' + Math.round(e.responseEnd)));
    })()`)) as string[];
    console.log(`LCP ${Math.round(lcp)} ms (${lcpElement}): ${timings.join(', ')}`);
  }
  await page.unroute(`**/${casbinFile}`);
  // The whole first visit: every script that arrived until the enforcer's links showed (casbin included).
  const visitJs = [...sizes.values()].filter((f) => f.type === 'Script').reduce((n, f) => n + f.bytes, 0);
  cdp.off('Network.requestWillBeSent', onRequest);
  cdp.off('Network.loadingFinished', onFinished);
  const of = (type: string) => arrived.filter((f) => f.type === type);
  const sum = (fs: { bytes: number }[]) => fs.reduce((n, f) => n + f.bytes, 0);
  return {
    js: sum(of('Script')),
    css: sum(of('Stylesheet')),
    visitJs,
    lcp,
    held,
    asked,
    files: [...of('Script'), ...of('Stylesheet')].map((f) => ({ url: f.url.replace(base, ''), bytes: f.bytes })).sort((a, b) => b.bytes - a.bytes),
  };
}

/** `--lcp`: the LCP measured on seven loads (bench:first-screen); else one load, for the bytes only. */
const TIMED = process.argv.includes('--lcp');
const LOADS = TIMED ? 7 : 1;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * The LCP is measured on a CPU 4× slower than the reference machine (2 cores, where the limits were set), not
 * 4× slower than whatever runs the budget: these machines' speed moves by half from hour to hour (and
 * within a run), and a fixed rate made the LCP move with it (970 ms to 1360 ms for the same build). Before
 * each load, a fixed workload run in the page unthrottled (the median of five runs after a warm-up) sets
 * the rate: 4 × REFERENCE_MS / its time, at least 1 (a machine slower than 4× the reference is measured as
 * it is).
 */
const REFERENCE_MS = 80;
async function calibratedRate(page: Page) {
  const run = () =>
    page.evaluate(() => {
      const start = performance.now();
      let n = 0;
      for (let k = 0; k < 15; k++) {
        const a: string[] = [];
        for (let i = 0; i < 20000; i++) a.push(String((i * 7919) % 10007));
        a.sort();
        n += a.length;
      }
      return n > 0 ? performance.now() - start : 0;
    });
  await run();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) times.push(await run());
  const ms = median(times);
  return { ms, rate: Math.max(1, (4 * REFERENCE_MS) / ms) };
}
const pageErrors: string[] = [];
const casbinKey = Object.keys(manifest).find((k) => k.startsWith('node_modules/casbin/'));
const casbinFile = casbinKey ? manifest[casbinKey]!.file : '\0none';

async function firstScreen() {
  const server = await startServer({ serveSpa: true, compileWorker: false });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    const page = await context.newPage();
    // A screen that throws (e.g. the enforcer failing in the browser) is not a screen within budget.
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('console', (m) => void (m.type() === 'error' && pageErrors.push(m.text())));
    // Sign in once (the token stays in localStorage); every measured load starts with an empty cache.
    await page.goto(`${server.base}/publisher/apps`);
    await page.waitForURL(/\/dev-auth\/authorize/);
    await page.getByRole('button', { name: /Olivia Bennett/ }).click();
    await page.getByRole('row').nth(1).waitFor({ timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const loads: Load[] = [];
    const rates: string[] = [];
    for (let i = 0; i < LOADS; i++) {
      if (TIMED) {
        // Calibrated before every load, unthrottled: the machine's speed changes within a run too.
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        const cpu = await calibratedRate(page);
        rates.push(`${Math.round(cpu.ms)} ms → ${cpu.rate.toFixed(2)}×`);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu.rate });
      }
      loads.push(await coldLoad(page, cdp, server.base));
    }
    if (TIMED) console.log(`CPU: the calibration workload took (reference ${REFERENCE_MS} ms; throttle set): ${rates.join(', ')}`);
    return loads;
  } finally {
    await browser.close();
    await server.close();
  }
}

const loads = await firstScreen();
const first = loads[0]!;
const lcp = median(loads.map((l) => l.lcp));
const bestLcp = Math.min(...loads.map((l) => l.lcp));
const worstLcp = Math.max(...loads.map((l) => l.lcp));
const { chunks, routes } = laterChunks(casbinKey);
const enforcer = casbinKey ? [...closure(casbinKey)].filter((k) => !entry.has(k)).reduce((n, k) => n + served(manifest[k]!.file), 0) : 0;
const ms = (n: number) => `${Math.round(n)} ms`;
type Row = [string, number, keyof Measures, (n: number) => string];
const rows: Row[] = [
  ['first screen JS on the wire (before the table rendered)', first.js, 'firstScreenJsKiB', kib],
  ['first screen CSS on the wire', first.css, 'firstScreenCssKiB', kib],
  ['whole first visit JS on the wire (the permission enforcer included)', first.visitJs, 'firstVisitJsKiB', kib],
  ...(TIMED
    ? [
        [
          `first screen LCP (CPU 4× slower than the reference, median of ${LOADS}; best ${ms(bestLcp)}, worst ${ms(worstLcp)}; reported, not a gate)`,
          lcp,
          'lcpMs',
          ms,
        ] satisfies Row,
      ]
    : []),
  ['permission enforcer (casbin, fetched beside the first screen, brotli)', enforcer, 'enforcerKiB', kib],
  [`largest later chunk (${chunks[0]?.name ?? 'none'}, brotli)`, chunks[0]?.size ?? 0, 'largestLaterChunkKiB', kib],
  [`largest first visit to a later screen (${routes[0]?.name ?? 'none'}: its chunks, brotli)`, routes[0]?.size ?? 0, 'largestRouteKiB', kib],
];
/** budget.json's numbers are KiB or ms; the measures are bytes or ms. */
const scaled = (key: keyof Measures, n: number) => (key === 'lcpMs' ? n : n * 1024);
let failed = false;
const missed: string[] = [];
for (const [label, value, key, fmt] of rows) {
  const limit = budget.limits[key] === undefined ? undefined : scaled(key, budget.limits[key]);
  const goal = budget.goals[key] === undefined ? undefined : scaled(key, budget.goals[key]);
  const over = limit !== undefined && value > limit;
  failed ||= over;
  if (goal !== undefined && value > goal) missed.push(`${label}: ${fmt(value)}, goal ${fmt(goal)}`);
  const bounds = [limit === undefined ? undefined : `limit ${fmt(limit)}`, goal === undefined ? undefined : `goal ${fmt(goal)}`].filter(Boolean).join(', ');
  console.log(`${over ? 'FAIL' : limit === undefined ? 'info' : 'ok  '} ${label}: ${fmt(value)}${bounds ? ` (${bounds})` : ''}`);
}
console.log(missed.length ? `goals not met yet (not a failure): ${missed.join('; ')}` : 'every goal met');
if (casbinKey && first.held === 0) {
  console.log('FAIL the casbin chunk was not requested by the first screen (is it still the permission enforcer?)');
  failed = true;
}
if (pageErrors.length > 0) {
  console.log(`FAIL the first screen reported errors: ${[...new Set(pageErrors)].join(' | ')}`);
  failed = true;
}
// public/boot.js asks who is signed in before the SPA's code runs; the SPA must take those answers, not ask again.
for (const path of ['/v1/me', '/v1/publisher', '/v1/me/ac', '/v1/misc/cloud-urls']) {
  const times = first.asked.filter((p) => p === path).length;
  if (times !== 1) {
    console.log(`FAIL ${path} was requested ${times} times by the first screen (once is right: boot.js asks, the SPA takes its answer)`);
    failed = true;
  }
}
console.log('first screen files:', first.files.map((f) => `${f.url.replace('/assets/', '')} ${kib(f.bytes)}`).join(', '));
console.log(
  'later chunks:',
  chunks
    .slice(0, 6)
    .map((r) => `${r.name} ${kib(r.size)}`)
    .join(', '),
);
console.log(
  'first visits:',
  routes
    .slice(0, 6)
    .map((r) => `${r.name} ${kib(r.size)}`)
    .join(', '),
);
process.exit(failed ? 1 : 0);
