import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cumulativeLayoutShift } from '../../scripts/first-screen/stats';
import { eventually } from '../eventually';
import { expectNoAxeViolations, layoutShiftsOf, recordLayoutShifts, signInAs, startPortal } from './browser';

/**
 * A publisher screen rendered by the server with the signed-in user's data (docs/adr/0011-screens-rendered-with-
 * their-data.md): the document alone paints the screen, inert; the SPA then takes over those very elements from
 * the same data — no API request again, nothing moved, no mismatch — and only then can it be used. The render is
 * for the cookie's holder only, and the cookie opens nothing but documents.
 */
type Session = Awaited<ReturnType<BrowserContext['storageState']>>;
let portal: Awaited<ReturnType<typeof startPortal>>;
const sessions: Record<'owner' | 'fjord' | 'staff', Session> = {} as never;
const nav: Record<'owner' | 'staff', string[]> = { owner: [], staff: [] };

// The browser far from the server's zone (UTC here): a day or a time rendered in the wrong zone is text React
// finds changed where it takes the screen over.
const timezoneId = 'Pacific/Chatham';

async function signedIn(who: RegExp, path: string, links: string) {
  const page = await (await portal.browser.newContext({ viewport: { width: 1366, height: 860 }, timezoneId })).newPage();
  await signInAs(page, portal.server.base, who, path);
  await page.locator(links).first().waitFor();
  // (the zone is told once the page is idle)
  await eventually(
    () => page.context().cookies(),
    (cookies) => cookies.some((c) => c.name === 'portal_zone'),
  );
  const paths = await page.locator(links).evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  const state = await page.context().storageState();
  await page.context().close();
  return { state, paths };
}

beforeAll(async () => {
  portal = await startPortal({ compileWorker: false });
  const owner = await signedIn(/Olivia Bennett/, '/publisher/apps', 'nav[aria-label="Publisher"] a[href]');
  const staff = await signedIn(/Sofia Rossi/, '/publisher/admin', 'nav[aria-labelledby="admin-nav-heading"] a[href]');
  sessions.owner = owner.state;
  sessions.staff = staff.state;
  sessions.fjord = (await signedIn(/Lars Eriksen/, '/publisher/apps', 'nav[aria-label="Publisher"] a[href]')).state;
  nav.owner = owner.paths;
  nav.staff = staff.paths;
});
afterAll(() => portal.close());

const cookie = (session: Session) =>
  session.cookies
    .filter((c) => c.name.startsWith('portal_'))
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
const documentAt = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(portal.server.base + path, { headers });
  return { res, html: await res.text() };
};

/** A page at `path` in a new context of `session`: what the API was asked, what went wrong, and the layout shifts. */
async function open(session: Session, path: string, opts: { scripts?: boolean; width?: number } = {}) {
  const context = await portal.browser.newContext({ storageState: session, viewport: { width: opts.width ?? 1366, height: 860 }, timezoneId });
  const page = await context.newPage();
  const asked: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => r.url().includes('/v1/') && asked.push(new URL(r.url()).pathname));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  if (opts.scripts === false) await context.route(/\.js(\?|$)/, (route) => route.abort());
  else await recordLayoutShifts(page);
  await page.goto(portal.server.base + path);
  return { page, asked, errors };
}
const takenOver = (page: Page) => page.waitForFunction(() => !document.getElementById('root')!.hasAttribute('inert'));
const rowBoxes = (page: Page) =>
  page.locator('main table tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const r = row.getBoundingClientRect();
      return [r.x, r.y, r.width, r.height].map(Math.round).join(',');
    }),
  );

describe('a publisher screen rendered with its data', () => {
  for (const width of [1366, 390]) {
    it(`at ${width} px, paints the apps before any script, inert, where the SPA keeps them; the SPA takes them over asking nothing`, async () => {
      const bare = await open(sessions.owner, '/publisher/apps', { scripts: false, width });
      const rows = bare.page.locator('main table tbody tr');
      expect(await rows.count()).toBeGreaterThan(3);
      expect(await rows.first().innerText()).toContain('Jira Connector');
      // Inert: nothing in it answers a click or a key before the SPA has taken over.
      expect(await bare.page.locator('#root').getAttribute('inert')).toBe('');
      const before = await rowBoxes(bare.page);
      await bare.page.context().close();

      const live = await open(sessions.owner, '/publisher/apps', { width });
      await takenOver(live.page);
      await live.page.waitForLoadState('networkidle');
      expect(await rowBoxes(live.page)).toEqual(before);
      // From the document's data: no request for who this is or for the list, and no mismatch React had to repair.
      expect(live.asked).toEqual([]);
      expect(live.errors).toEqual([]);
      const shifts = await layoutShiftsOf(live.page);
      expect(cumulativeLayoutShift(shifts)).toBeLessThanOrEqual(0.02);
      await expectNoAxeViolations(live.page, `the apps taken over at ${width} px`);
      // And it is the SPA's: a link moves inside it.
      await live.page.getByRole('link', { name: 'Jira Connector' }).first().click();
      await live.page.waitForURL(/\/publisher\/apps\/[^/]+$/);
      await live.page.getByRole('heading', { name: 'Jira Connector' }).first().waitFor();
      await live.page.context().close();
    });
  }

  it('is taken over on every screen of the sidebar, an owner’s and staff’s, with no mismatch and no request again for what it shows', async () => {
    const screens = [...nav.owner.map((p) => ({ who: sessions.owner, p })), ...nav.staff.map((p) => ({ who: sessions.staff, p }))];
    expect(screens.length).toBeGreaterThan(15);
    expect(cookie(sessions.owner)).toContain(`portal_zone=${encodeURIComponent(timezoneId)}`);
    for (const { who, p } of screens) {
      const { html } = await documentAt(p, { cookie: cookie(who) });
      expect(html, `${p}: rendered by the server`).toContain('<div id="root" inert>');
      const live = await open(who, p);
      await takenOver(live.page);
      await live.page.waitForLoadState('networkidle');
      expect(live.errors, p).toEqual([]);
      // The account and the permissions come with the document: never asked for again.
      expect(
        live.asked.filter((a) => ['/v1/me', '/v1/me/ac', '/v1/publisher', '/v1/misc/cloud-urls'].includes(a)),
        p,
      ).toEqual([]);
      await live.page.context().close();
    }
  });

  it("renders each user's own screen, side by side, and never another's", async () => {
    const [owner, fjord] = await Promise.all(
      Array.from({ length: 6 }, (_, i) => documentAt('/publisher/apps', { cookie: cookie(i % 2 ? sessions.fjord : sessions.owner) })),
    ).then((docs) => [docs.filter((_, i) => i % 2 === 0), docs.filter((_, i) => i % 2 === 1)]);
    for (const { res, html } of owner!) {
      expect(html).toContain('Northwind Integrations');
      expect(html).not.toContain('Fjord Labs');
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(res.headers.get('vary')).toContain('cookie');
    }
    for (const { html } of fjord!) {
      expect(html).toContain('Fjord Labs');
      expect(html).not.toContain('Northwind Integrations');
    }
  });

  it('sends the shell for a token the server does not know, and a screen the user may not see', async () => {
    for (const bad of ['portal_session=not-a-token-of-this-portal-at-all', 'portal_session=%E0%A4%A', 'portal_session=<script>']) {
      const { res, html } = await documentAt('/publisher/apps', { cookie: bad });
      expect(res.status).toBe(200);
      expect(html).toContain('<div id="root"><div');
      expect(html).toContain('Loading…');
      expect(html).not.toContain('portal-state');
    }
    // Without the browser's zone, its days and times would be rendered in the server's: not rendered.
    const noZone = cookie(sessions.owner).replace(/portal_zone=[^;]*(; )?/, '');
    expect(noZone).toContain('portal_session=');
    expect((await documentAt('/publisher/apps', { cookie: noZone })).html).not.toContain('portal-state');
    // An owner is not staff: the admin console is not rendered for them (the SPA then says so, as without a render).
    const { html } = await documentAt('/publisher/admin/reviews', { cookie: cookie(sessions.owner) });
    expect(html).not.toContain('portal-state');
  });

  it('opens no API route with the cookie alone', async () => {
    const res = await fetch(`${portal.server.base}/v1/me`, { headers: { cookie: cookie(sessions.owner) } });
    expect(res.status).toBe(401);
  });

  it('is no longer rendered once the user has signed out: the cookie goes with the token', async () => {
    const live = await open(sessions.owner, '/publisher/apps');
    await takenOver(live.page);
    const before = cookie(await live.page.context().storageState());
    expect(before).toContain('portal_session=');
    await live.page.getByRole('link', { name: 'Sign out' }).click();
    await eventually(
      () => live.page.context().cookies(),
      (cookies) => !cookies.some((c) => c.name === 'portal_session'),
      { what: 'the session cookie removed' },
    );
    // The token itself is revoked (on its way out of the page): the cookie kept from before renders nothing.
    await eventually(
      () => documentAt('/publisher/apps', { cookie: before }),
      ({ html }) => !html.includes('portal-state'),
      { what: 'the token revoked' },
    );
    await live.page.context().close();
  });
});
