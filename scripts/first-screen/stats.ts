// The arithmetic of `npm run bench:first-screen` (scripts/bench-first-screen.ts), kept apart so its unit tests
// (stats.test.ts) can hold it to the definitions docs/performance.md gives.

/** A sample's centre and spread: the median (the mean of the two middle values of an even count), the quartiles and the extremes. */
export type Summary = { n: number; median: number; p25: number; p75: number; min: number; max: number };

/** The q-quantile by linear interpolation between the closest ranks (q = 0.5 is the median). */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) throw new Error('quantile of no values');
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

/** The summary of the values measured (a load that measured nothing — NaN — is left out, and `n` says how many were kept). */
export function summarise(all: readonly number[]): Summary {
  const xs = all.filter((x) => Number.isFinite(x));
  if (xs.length === 0) return { n: 0, median: NaN, p25: NaN, p75: NaN, min: NaN, max: NaN };
  return {
    n: xs.length,
    median: quantile(xs, 0.5),
    p25: quantile(xs, 0.25),
    p75: quantile(xs, 0.75),
    min: Math.min(...xs),
    max: Math.max(...xs),
  };
}

/** "812 ms (spread 760–905, middle half 790–830, n = 7)" */
export function formatMs(s: Summary): string {
  const r = Math.round;
  return `${r(s.median)} ms (spread ${r(s.min)}–${r(s.max)}, middle half ${r(s.p25)}–${r(s.p75)}, n = ${s.n})`;
}

/** One layout shift as the browser reports it (`layout-shift` entries). */
export type Shift = { startTime: number; value: number; hadRecentInput: boolean };

/**
 * Cumulative Layout Shift as Chromium and web-vitals define it: shifts not caused by input, grouped in session
 * windows (a window ends after 1 s without a shift or 5 s after it began), the largest window's sum.
 */
export function cumulativeLayoutShift(shifts: readonly Shift[]): number {
  let best = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const s of [...shifts].filter((s) => !s.hadRecentInput).sort((a, b) => a.startTime - b.startTime)) {
    if (s.startTime - last < 1000 && s.startTime - first < 5000) {
      sum += s.value;
    } else {
      sum = s.value;
      first = s.startTime;
    }
    last = s.startTime;
    best = Math.max(best, sum);
  }
  return best;
}

/** What the bench needs of a DOM element to name it (a real Element has all of it). */
export type ElementLike = {
  tagName: string;
  id?: string;
  textContent?: string | null;
  getAttribute(name: string): string | null;
  parentElement: ElementLike | null;
};

const REGIONS: Record<string, string> = { aside: 'sidebar', header: 'header', main: 'main', nav: 'navigation', table: 'table', dialog: 'dialog' };

/**
 * Names the LCP element so a reader can find it on the screen: its tag, its text (or an image's address), and
 * the region it is in — `h1 "Apps" in main`, `img "icon.png" in table`, `h2 "Rocket.Chat Marketplace" in
 * sidebar`. Runs in the page too (the bench sends its source), so it uses nothing but its argument.
 */
export function nameElement(el: ElementLike | null | undefined, id = ''): string {
  // An element removed before the entry was read (the server's shell, once the SPA has replaced it) is known by its id only.
  if (!el) return id ? `#${id} (since replaced)` : '(an element since removed)';
  const tag = el.tagName.toLowerCase();
  const src = el.getAttribute('src');
  const label =
    src !== null ? (src.startsWith('data:') ? src.slice(0, 20) : (src.split('/').pop() ?? src)) : (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  const short = label.length > 40 ? `${label.slice(0, 39)}…` : label;
  let region = '';
  for (let p = el.parentElement; p; p = p.parentElement) {
    const name = REGIONS[p.tagName.toLowerCase()] ?? (p.getAttribute('role') === 'dialog' ? 'dialog' : undefined);
    if (name) {
      region = ` in ${name}`;
      break;
    }
  }
  return `${tag}${el.id ? `#${el.id}` : ''} "${short}"${region}`;
}
