import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidOf } from '../../server/dev/seed/seed';
import { signInAs, startPortal, E2E_WAIT_MS } from './browser';

let portal: Awaited<ReturnType<typeof startPortal>>;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal?.close());

/** Every Content-Security-Policy violation the page reports, from its first script on. */
async function watchCsp(page: Page) {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply)/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Refused to load (CSP ${e.violatedDirective}): ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
    );
  });
  return violations;
}

describe('the Content-Security-Policy in Chromium', () => {
  const jira = uuidOf('app:Jira Connector');
  const visit = async (page: Page, paths: string[]) => {
    for (const path of paths) {
      await page.goto(portal.server.base + path);
      await page.getByRole('main').first().waitFor();
      await page.waitForLoadState('load');
    }
  };

  it('holds on every publisher screen, the sign-in page, a dialog and /api-docs: no violation reported', async () => {
    const page = await portal.page();
    const violations = await watchCsp(page);
    const base = portal.server.base;
    await signInAs(page, base, /Olivia Bennett/);
    await page.waitForURL((u) => u.pathname === '/publisher/apps');
    await visit(page, [
      '/publisher/apps',
      `/publisher/apps/${jira}`,
      '/publisher/profile',
      '/publisher/new-extended/app',
      `/publisher/edit-details/app/${jira}`,
    ]);
    // A dialog: Radix inserts a scroll-lock style element.
    await page.goto(`${base}/publisher/apps/${jira}`);
    await page.getByRole('button', { name: 'Stats' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.goto(`${base}/api-docs/`);
    await page.getByText('Marketplace portal API').first().waitFor({ timeout: E2E_WAIT_MS });
    expect(violations).toEqual([]);
    const csp = (await page.request.get(`${base}/publisher/apps`)).headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    await page.context().close();
  });

  it('holds on every staff screen', async () => {
    const page = await portal.page();
    const violations = await watchCsp(page);
    await signInAs(page, portal.server.base, /Sofia Rossi/);
    await page.waitForURL((u) => u.pathname === '/publisher/apps');
    await visit(page, ['/publisher/admin', '/publisher/admin/apps', `/publisher/admin/apps/${jira}`, '/publisher/admin/jobs']);
    expect(violations).toEqual([]);
    await page.context().close();
  });
});

describe('staff are not publishers', () => {
  it('a staff member without a publisher account reaches the admin console; publisher screens send them to sign up, which has Sign out', async () => {
    const page = await portal.page();
    const base = portal.server.base;
    await signInAs(page, base, /Ines Moreau/, '/publisher');
    await page.waitForURL((u) => u.pathname.startsWith('/publisher/admin'));
    await page.goto(`${base}/publisher/admin/apps`);
    await page.getByRole('link', { name: 'Jira Connector' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/publisher/admin/apps');
    await page.goto(`${base}/publisher/apps`);
    await page.waitForURL((u) => u.pathname === '/publisher/register');
    await page.getByRole('main').getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/sign-out');
    await page.context().close();
  });
});
