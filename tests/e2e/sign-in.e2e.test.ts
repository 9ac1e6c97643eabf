import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, signInAs, signUpPublisher, startPortal } from './browser';

let portal: Awaited<ReturnType<typeof startPortal>>;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal?.close());

describe('sign-in, sign-up and the publisher layout in Chromium', () => {
  it('a new cloud user signs in, is sent to register, signs up and lands on /publisher/apps', async () => {
    const page = await portal.page();
    const base = portal.server.base;
    await page.goto(`${base}/publisher/profile`);
    await page.waitForURL(/\/dev-auth\/authorize/);
    await expectNoAxeViolations(page, 'authorize page');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Create and sign in' }).click();

    await page.waitForURL((u) => u.pathname === '/publisher/register');
    await page.getByRole('heading', { name: 'Publisher Sign Up' }).waitFor();
    await expectNoAxeViolations(page, 'sign-up form');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('You must agree to the TOS and Privacy Agreement.').waitFor();

    await signUpPublisher(page, {
      name: 'Analytical Engines',
      city: 'London',
      state: 'England',
      country: 'United Kingdom',
      site: 'https://engines.example',
      username: 'ada',
    });

    await page.getByText('Publisher and developer account created. Welcome to the Rocket.Chat Marketplace!').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/publisher/apps');
    await page.getByRole('heading', { name: 'No apps yet' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Publisher' });
    await expect(nav.getByRole('link', { name: 'Apps' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Administration').count()).resolves.toBe(0);
    await expectNoAxeViolations(page, 'apps list (empty)');

    // A registered publisher on the register path is thanked and sent on.
    await page.goto(`${base}/publisher/register`);
    await page.getByText('Thank you for signing up for a Rocket.Chat Marketplace Publisher account!').waitFor();
    await page.waitForURL((u) => u.pathname === '/publisher/apps');
    await page.context().close();
  });

  it('a reviewer sees the Administration group and the dashboard; a publisher owner is turned away from it', async () => {
    const base = portal.server.base;
    const page = await portal.page();
    await signInAs(page, base, /Daniel Kim/);
    await page.waitForURL((u) => u.pathname === '/publisher/apps');
    const admin = page.getByRole('navigation', { name: 'Administration' });
    await admin.waitFor();
    const entries = await admin.getByRole('listitem').allTextContents();
    const all = [
      'Dashboard',
      'Reports',
      'Apps',
      'Reviews',
      'Bundles',
      'Publishers',
      'Purchase Records',
      'Workspace',
      'Email Templates',
      'Compile Jobs',
      'Categories',
      'Featured Sections',
    ];
    expect(entries).toEqual(all);
    // Every entry is a link.
    expect(await admin.getByRole('link').allTextContents()).toEqual(all);
    await expectNoAxeViolations(page, 'apps list (reviewer)');
    await admin.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('list', { name: 'Today and this month' }).waitFor();
    await expectNoAxeViolations(page, 'dashboard');
    await page.context().close();

    const owner = await portal.page();
    await signInAs(owner, base, /Olivia Bennett/);
    await owner.getByRole('table', { name: 'Apps' }).waitFor();
    await expect(owner.getByRole('navigation', { name: 'Administration' }).count()).resolves.toBe(0);
    // Northwind may use webhooks and create bundles: links.
    await expect(owner.getByRole('link', { name: 'Webhooks' }).getAttribute('href')).resolves.toBe('/publisher/webhooks');
    await expect(owner.getByRole('link', { name: 'Bundles' }).getAttribute('href')).resolves.toBe('/publisher/bundles');
    await owner.goto(`${base}/publisher/admin`);
    await owner.getByText('Invalid Access Level').first().waitFor();
    await owner.waitForURL((u) => u.pathname === '/publisher/apps');
    await owner.context().close();
  });

  it('shows disabled entries for a publisher without bundles or webhooks', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Lars Eriksen/);
    const nav = page.getByRole('navigation', { name: 'Publisher' });
    await nav.getByRole('link', { name: 'Apps' }).waitFor();
    await expect(nav.getByText('Webhooks').getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(nav.getByText('Bundles').getAttribute('aria-disabled')).resolves.toBe('true');
    await page.context().close();
  });

  it('signs out: the token is revoked and the next visit asks to sign in again', async () => {
    const base = portal.server.base;
    const page = await portal.page();
    await signInAs(page, base, /Priya Raman/);
    await page.getByRole('table', { name: 'Apps' }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('portal.token'));
    expect(token).toBeTruthy();
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.getByText('Successfully Signed out!').waitFor();
    await expectNoAxeViolations(page, 'signed out');
    await expect(page.evaluate(() => localStorage.getItem('portal.token'))).resolves.toBeNull();
    await expect.poll(async () => (await portal.server.request('GET', '/v1/me', { token: token! })).status).toBe(401);
    await page.goto(`${base}/publisher/apps`);
    await page.waitForURL(/\/dev-auth\/authorize/);
    await page.context().close();
  });

  it('an unknown sign-in state shows the 403 page with Go Home', async () => {
    const page = await portal.page();
    await page.goto(`${portal.server.base}/oauth/callback?code=abc&state=never-issued`);
    await page.getByText('Invalid oAuth state while attempting to authorize you.').waitFor();
    await expectNoAxeViolations(page, '403 callback');
    await page.getByRole('button', { name: 'Go Home' }).click();
    await page.waitForURL(/\/dev-auth\/authorize/);
    await page.context().close();
  });

  it('returns to the page that asked for sign-in, and unknown paths fall back to /publisher/apps', async () => {
    const base = portal.server.base;
    const page = await portal.page();
    await signInAs(page, base, /Marcus Chen/, '/publisher/profile');
    await page.waitForURL((u) => u.pathname === '/publisher/profile');
    await page.getByRole('heading', { name: 'Developer Profile' }).waitFor();
    await expectNoAxeViolations(page, 'profile');
    await page.goto(`${base}/publisher/nowhere`);
    await page.waitForURL((u) => u.pathname === '/publisher/apps');
    await page.goto(`${base}/publisher`);
    await page.waitForURL((u) => u.pathname === '/publisher/apps');
    await page.context().close();
  });

  it('collapses the sidebar behind a menu button on narrow screens', async () => {
    const base = portal.server.base;
    const page = await portal.page({ width: 420, height: 800 });
    await signInAs(page, base, /Olivia Bennett/);
    await page.getByRole('table', { name: 'Apps' }).waitFor();
    const sidebar = page.locator('#sidebar');
    await expect(sidebar.isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar.isVisible()).resolves.toBe(true);
    await expectNoAxeViolations(page, 'narrow menu open');
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL((u) => u.pathname === '/publisher/profile');
    await expect(sidebar.isVisible()).resolves.toBe(false);
    await page.context().close();
  });

  it('sends / to /redirect and on to the marketplace site', async () => {
    const base = portal.server.base;
    portal.server.config.marketplaceUrl = `${base}/v1/engine/version`;
    const page = await portal.page();
    await page.goto(`${base}/`);
    await page.waitForURL(`${base}/v1/engine/version`);
    await page.context().close();
  });
});
