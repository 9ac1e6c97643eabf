import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidOf } from '../../server/dev/seed/seed';
import { expectNoAxeViolations, signInAs, startPortal, layoutProblems, E2E_WAIT_MS } from './browser';

/**
 * Every screen, as a new user sees it, at a laptop's width (1366 px) and a phone's (390 px): no axe
 * violation; no sideways scrolling of the page; every table either fits or scrolls with a scrollbar
 * you can see, and no button or link in it is cut off.
 */
let portal: Awaited<ReturnType<typeof startPortal>>;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal?.close());

const jira = uuidOf('app:Jira Connector');
const teamEssentials = uuidOf('bundle:Northwind Team Essentials');
const acmeHq = createHash('sha256').update('ws:acme-hq').digest('hex').slice(0, 24);
const northwindHook = createHash('sha256').update('webhook:northwind').digest('hex').slice(0, 24);
const widths = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];
const screens: { who: RegExp; paths: string[] }[] = [
  {
    who: /Olivia Bennett/,
    paths: [
      '/publisher/apps',
      `/publisher/apps/${jira}`,
      '/publisher/apps/no-such-app',
      '/publisher/profile',
      '/publisher/info',
      '/publisher/new-extended/app',
      `/publisher/update-extended/app/${jira}`,
      `/publisher/edit-details/app/${jira}`,
      '/publisher/purchases',
      '/publisher/webhooks',
      `/publisher/webhooks/${northwindHook}`,
      '/publisher/bundles',
      `/publisher/bundles/${teamEssentials}`,
      '/publisher/new/bundle',
    ],
  },
  {
    who: /Sofia Rossi/,
    paths: [
      '/publisher/admin',
      '/publisher/admin/apps',
      '/publisher/admin/reviews',
      `/publisher/admin/apps/${jira}`,
      '/publisher/admin/bundles',
      `/publisher/admin/bundles/${teamEssentials}`,
      '/publisher/admin/jobs',
      '/publisher/admin/emails',
      '/publisher/admin/categories',
      '/publisher/admin/featured',
      '/publisher/admin/publishers',
      '/publisher/admin/publishers/6560a1f0c0ffee0000000001',
      '/publisher/admin/purchases',
      `/publisher/admin/workspace/${acmeHq}`,
    ],
  },
  { who: /Tomás Alvarez/, paths: ['/publisher/register'] },
  { who: /Lars Eriksen/, paths: ['/publisher/webhooks'] },
];

describe('every screen at 1366 and 390 px', () => {
  for (const { width, height } of widths) {
    for (const { who, paths } of screens) {
      it(`${String(who)} at ${width} px: no axe violation, nothing cut off`, async () => {
        const page = await portal.page({ width, height });
        await signInAs(page, portal.server.base, who);
        await page.waitForURL((u) => u.pathname.startsWith('/publisher/'));
        for (const path of paths) {
          await page.goto(portal.server.base + path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page.waitForLoadState('networkidle');
          await expectNoAxeViolations(page, `${path} at ${width} px`);
          expect(await layoutProblems(page), `${path} at ${width} px`).toEqual([]);
        }
        await page.context().close();
      });
    }
  }

  it('the signed-out pages: the failed sign-in (403) and Signed out', async () => {
    for (const viewport of widths) {
      const page = await portal.page(viewport);
      await page.goto(`${portal.server.base}/oauth/callback?code=x&state=unknown`);
      await page.getByText('Invalid oAuth state while attempting to authorize you.').waitFor();
      await expectNoAxeViolations(page, `403 at ${viewport.width} px`);
      await page.goto(`${portal.server.base}/sign-out`);
      await page.getByText('Successfully Signed out!').waitFor();
      await expectNoAxeViolations(page, `signed out at ${viewport.width} px`);
      await page.context().close();
    }
  });
});

describe('defects a new user hit', () => {
  it('an unknown app id is a not-found page that leads back to the apps', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Olivia Bennett/, '/publisher/apps/no-such-app');
    await page.getByRole('heading', { name: 'This app does not exist' }).waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to Apps' }).click();
    await page.waitForURL((u) => u.pathname === '/publisher/apps');
    await page.context().close();
  });

  it('compile jobs: a publisher column, every header on one line', async () => {
    const page = await portal.page({ width: 1366, height: 900 });
    await signInAs(page, portal.server.base, /Sofia Rossi/, '/publisher/admin/jobs');
    const table = page.getByRole('table', { name: 'Compile jobs' });
    await table.getByRole('columnheader', { name: 'Publisher' }).waitFor();
    const lines = await table.locator('thead th').evaluateAll((ths) =>
      ths.map((th) => {
        const range = document.createRange();
        range.selectNodeContents(th);
        return [th.textContent, new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size];
      }),
    );
    expect(lines.filter(([, n]) => n !== 1)).toEqual([]);
    await expect.poll(() => table.getByRole('cell', { name: 'Northwind Integrations' }).count()).toBeGreaterThan(0);
    // Nothing seeded waits forever: no job is queued unless something was uploaded.
    expect(await table.getByText('queued', { exact: true }).count()).toBe(0);
    await page.context().close();
  });

  it('the first page load asks the API nothing before there is a token (no 401s)', async () => {
    const page = await portal.page();
    const asked: string[] = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith('/v1/') && res.status() === 401) asked.push(`${res.status()} ${url.pathname}`);
      if (['/v1/me', '/v1/me/ac', '/v1/publisher'].includes(url.pathname)) asked.push(`${res.status()} ${url.pathname}`);
    });
    await page.goto(`${portal.server.base}/publisher/apps`);
    await page.waitForURL(/\/dev-auth\/authorize/);
    expect(asked).toEqual([]);
    await page.context().close();
  });

  it('/api-docs is self-contained and reference only: no other host, no vendor buttons, and it settles', async () => {
    const page = await portal.page();
    const elsewhere: string[] = [];
    let lastRequest = Date.now();
    page.on('request', (req) => {
      lastRequest = Date.now();
      const url = new URL(req.url());
      if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== portal.server.base) elsewhere.push(req.url());
    });
    await page.goto(`${portal.server.base}/api-docs/`);
    await page.getByText('Marketplace portal API').first().waitFor({ timeout: E2E_WAIT_MS });
    // Settled: loaded, the operations listed, and no request for two seconds.
    await page.getByText('Exchange a sign-in code for a portal access token').first().waitFor({ timeout: E2E_WAIT_MS });
    await expect.poll(() => Date.now() - lastRequest, { timeout: E2E_WAIT_MS, interval: 250 }).toBeGreaterThan(2000);
    expect(await page.evaluate(() => document.readyState)).toBe('complete');
    expect(elsewhere).toEqual([]);
    for (const vendor of ['Ask AI', 'Generate MCP', 'Deploy']) expect(await page.getByText(vendor, { exact: true }).count(), vendor).toBe(0);
    await page.context().close();
  });
});
