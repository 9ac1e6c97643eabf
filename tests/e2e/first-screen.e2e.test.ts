import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cumulativeLayoutShift } from '../../scripts/first-screen/stats';
import { expectNoAxeViolations, layoutShiftsOf, recordLayoutShifts, signInAs, startPortal } from './browser';

/**
 * The publisher shell the server's document carries (docs/adr/0010-first-screen-by-design.md)
 * must be the page the SPA then renders: the same boxes in the same places, at a laptop's width and a phone's,
 * and no layout shift as the SPA takes over (CLS ≤ 0.02, as Chromium measures it).
 */
let portal: Awaited<ReturnType<typeof startPortal>>;
let session: Awaited<ReturnType<BrowserContext['storageState']>>;
beforeAll(async () => {
  // A product name with characters HTML must escape: the server fills it into the document.
  portal = await startPortal({ compileWorker: false }, { PRODUCT_NAME: 'Rock & <Roll>' });
  const page = await portal.page();
  await signInAs(page, portal.server.base, /Olivia Bennett/);
  await page.locator('main table tbody tr').first().waitFor();
  // Without the cookie that has the server render the screen itself (rendered-screen.e2e.test.ts): the shell is what
  // a signed-in visitor gets then — a session from before the cookie, a render too slow or refused.
  const stored = await page.context().storageState();
  session = { ...stored, cookies: stored.cookies.filter((c) => c.name !== 'portal_session') };
  await page.context().close();
});
afterAll(() => portal.close());

/** Where the shell's parts are: the sidebar's heading and foot, the header (below md), and main's top left. */
const boxes = (page: Page) =>
  page.evaluate(() => {
    const box = (selector: string) => {
      const el = document.querySelector(selector);
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return r.width === 0 && r.height === 0 ? 'hidden' : [r.x, r.y, r.width, r.height].map(Math.round).join(',');
    };
    return {
      heading: box('#sidebar-title'),
      publisher: box('#sidebar-title + p'),
      terms: box('aside a[href$="terms"], aside a[target="_blank"]'),
      header: box('header.shell-topbar'),
      main: (() => {
        const r = document.querySelector('main')!.getBoundingClientRect();
        return [r.x, r.y].map(Math.round).join(',');
      })(),
    };
  });

/** The page at `width`, with its scripts (the SPA), or without them: the document alone, as painted before they run. */
async function open(browser: Browser, width: number, scripts: boolean) {
  const context = await browser.newContext({ storageState: session, viewport: { width, height: 860 } });
  const page = await context.newPage();
  // (Refused rather than disabled: a page with JavaScript disabled cannot be inspected by evaluating in it.)
  if (!scripts) await context.route(/\.js(\?|$)/, (route) => route.abort());
  else await recordLayoutShifts(page);
  await page.goto(`${portal.server.base}/publisher/apps`);
  return page;
}

describe('the shell before the JavaScript', () => {
  for (const width of [1366, 390]) {
    it(`at ${width} px, is painted without JavaScript and laid out as the SPA then lays it out, with no layout shift`, async () => {
      const bare = await open(portal.browser, width, false);
      // Before its scripts run, the document alone shows the shell: the product's name (escaped, filled in by the
      // server), a loading main, and no placeholder left.
      const product = width >= 1024 ? bare.locator('#sidebar-title') : bare.locator('header.shell-topbar p');
      expect(await product.textContent()).toBe('Rock & <Roll>.Chat Marketplace');
      expect(await bare.getByRole('status').textContent()).toBe('Loading…');
      expect(await bare.content()).not.toContain('__PORTAL_');
      await expectNoAxeViolations(bare, `the shell alone at ${width} px`);
      const before = await boxes(bare);
      await bare.context().close();

      const page = await open(portal.browser, width, true);
      await page.locator('main table tbody tr a[href^="/publisher/apps/"]').first().waitFor();
      if (width >= 1024) expect(await page.locator('#sidebar-title + p').textContent()).toBe('Northwind Integrations');
      expect(await boxes(page)).toEqual(before);
      const shifts = await layoutShiftsOf(page);
      expect(cumulativeLayoutShift(shifts)).toBeLessThanOrEqual(0.02);
      await page.context().close();
    });
  }

  it('is not sent with pages outside the publisher portal (the checkout pages Rocket.Chat frames)', async () => {
    const res = await fetch(`${portal.server.base}/apps/some-app/buy`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('shell');
    const shell = await (await fetch(`${portal.server.base}/publisher/apps`)).text();
    expect(shell).toContain('Rock &#38; &#60;Roll&#62;.Chat Marketplace');
  });
});
