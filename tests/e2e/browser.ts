import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** How long a page's wait (a locator, a navigation) may last before the test is taken as hung. */
export const E2E_WAIT_MS = 120_000;

/**
 * Debian's Chromium, headless, with the flags this closed network needs (Playwright gives it a fresh profile).
 * Its own temporary files go to a folder of its own, removed once it has closed: Chromium 150 leaves some in
 * TMPDIR (`.org.chromium.Chromium.*`: empty files, shared-memory backings, a folder), which the run's temporary
 * folder guard (tests/temp-guard.ts) would count as the tests' leftovers.
 */
export async function launchChromium(): Promise<Browser> {
  const scratch = mkdtempSync(join(tmpdir(), 'chromium-'));
  try {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      env: { ...process.env, TMPDIR: scratch },
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-breakpad',
        '--disable-crash-reporter',
      ],
    });
    // A helper process of Chromium's may still be writing its last file there as the browser goes: removing the
    // folder then meets a new entry (ENOTEMPTY), and is tried again until the folder is gone. Removed before
    // `close()` returns (a test file's worker thread may end right after it), and on a disconnection too.
    const removeScratch = () => rmSync(scratch, { recursive: true, force: true, maxRetries: 50, retryDelay: 100 });
    browser.on('disconnected', removeScratch);
    const close = browser.close.bind(browser);
    browser.close = async (...args) => {
      await close(...args);
      removeScratch();
    };
    // Every wait of every page is for a condition; its time limit only ends a test that hangs. Playwright's
    // default (30 s) ran out under a CPU hog for a step that takes a second on a quiet machine.
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (...args) => {
      const context = await newContext(...args);
      context.setDefaultTimeout(E2E_WAIT_MS);
      return context;
    };
    return browser;
  } catch (err) {
    rmSync(scratch, { recursive: true, force: true });
    throw err;
  }
}

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';
import type { Shift } from '../../scripts/first-screen/stats';
import { expect } from 'vitest';
import { startServer } from '../harness';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core on the page (or a frame of it) as it is now and fails on any violation (WCAG 2 A/AA rules). */
export async function expectNoAxeViolations(page: Page | Frame, label: string) {
  // A dialog still fading in is half transparent, and axe would measure its contrast mid-way: wait for the
  // finite animations and transitions running now to finish (a spinner's infinite one never does: not waited for).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Evaluated through the DevTools protocol: the portal's CSP (no inline script) rightly refuses a script tag.
  // Once per document (the SPA's navigations keep it): parsing axe-core is a good part of a check's cost.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
  expect(violations, label).toEqual([]);
}

/** The portal on a fresh seeded database, serving the built SPA, plus a browser. */
export async function startPortal(overrides: Parameters<typeof startServer>[0] = {}, env: Parameters<typeof startServer>[1] = {}) {
  const server = await startServer({ serveSpa: true, ...overrides }, env);
  const browser = await launchChromium();
  return {
    server,
    browser,
    async page(viewport = { width: 1280, height: 860 }) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      page.on('pageerror', (e) => console.error('pageerror:', e.message));
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * Closes the toast saying `text` with its own button, as a user does before tapping what it covers: a
 * toast stays while the pointer is over it (Radix pauses its timer), so a click that lands on it waits forever.
 */
export async function dismissToast(page: Page, text: string) {
  const toast = page.getByTestId('toast').filter({ hasText: text });
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
  await toast.waitFor({ state: 'detached' });
}

/** Signs in through the embedded authorization server's page by picking a cloud user. */
export async function signInAs(page: Page, base: string, name: RegExp, path = '/publisher/apps') {
  await page.goto(base + path);
  await page.waitForURL(/\/dev-auth\/authorize/);
  await page.getByRole('button', { name }).click();
}

/** Fills and sends the Publisher Sign Up form the way a new publisher does. */
export async function signUpPublisher(page: Page, p: { name: string; city: string; state: string; country: string; site: string; username: string }) {
  await page.getByLabel('Publisher name').fill(p.name);
  await page.getByLabel('City').fill(p.city);
  await page.getByLabel('State').fill(p.state);
  await page.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name: p.country }).click();
  await page.getByLabel('Terms of Service link').fill(`${p.site}/terms`);
  await page.getByLabel('Privacy policy link').fill(`${p.site}/privacy`);
  await page.getByLabel('open.Rocket.chat username').fill(p.username);
  await page.getByRole('checkbox').click();
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

/** What does not fit on a screen: page overflow, tables without a visible scrollbar, clipped controls. */
export const layoutProblems = (page: Page) =>
  page.evaluate(() => {
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) problems.push(`the page scrolls sideways (${doc.scrollWidth} > ${doc.clientWidth})`);
    for (const viewport of document.querySelectorAll<HTMLElement>('.rt-TableRoot [data-radix-scroll-area-viewport]')) {
      const caption = viewport.closest('.rt-TableRoot')?.querySelector('caption')?.textContent ?? 'a table';
      if (viewport.scrollWidth > viewport.clientWidth + 1) {
        const style = getComputedStyle(viewport);
        if (style.scrollbarWidth === 'none' || !['auto', 'scroll'].includes(style.overflowX)) problems.push(`${caption} overflows without a visible scrollbar`);
      }
      for (const control of viewport.querySelectorAll<HTMLElement>('button, a')) {
        if (control.scrollWidth > control.clientWidth + 1) problems.push(`${caption}: "${control.textContent}" is cut off`);
      }
    }
    return problems;
  });

/** Records the page's layout shifts from its start (call before it loads); `layoutShiftsOf` reads them. */
export const recordLayoutShifts = (page: Page) =>
  page.addInitScript(() => {
    const shifts: unknown[] = ((window as unknown as { __shifts: unknown[] }).__shifts = []);
    new PerformanceObserver((l) => {
      for (const e of l.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        shifts.push({ startTime: e.startTime, value: e.value, hadRecentInput: e.hadRecentInput });
    }).observe({ type: 'layout-shift', buffered: true });
  });
/** The layout shifts recorded so far (`recordLayoutShifts`). */
export const layoutShiftsOf = async (page: Page) => (await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts)) as Shift[];
