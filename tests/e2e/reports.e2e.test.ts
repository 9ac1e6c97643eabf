import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPublishers } from '../../server/dev/seed/seed-data';
import { uuidOf } from '../../server/dev/seed/seed';
import { registerWorkspace } from '../registered-workspace';
import { expectNoAxeViolations, layoutProblems, signInAs, startPortal } from './browser';

/**
 * Reports in Chromium (docs/reports.md): a sale made through the real checkout, an install Rocket.Chat reports and a
 * payout staff make reach the publisher's Reports screen — its figures, charts (drawn, with their tables) and
 * tables — and the payout's statement; the range lives in the URL (a reload keeps it); the screens pass axe and fit a
 * phone's width; the admin dashboard shows the marketplace's real figures.
 */
let portal: Awaited<ReturnType<typeof startPortal>>;
const jira = uuidOf('app:Jira Connector');
const northwind = demoPublishers.find((p) => p.key === 'northwind')!.id;
const BUYER = 'Reports E2E Buyer';
const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
let payoutId: string;

/** The sandbox's card form, submitted as the buyer's browser does. */
async function pay(url: string) {
  const t = new URL(url, portal.server.base).searchParams.get('t')!;
  return fetch(`${portal.server.base}/dev-payments/checkout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ t, number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', action: 'pay' }),
  });
}

beforeAll(async () => {
  // Shares available at once: the sale is in the statement of the payout made after it.
  portal = await startPortal({}, { SETTLEMENT_DAYS: '0' });
  const s = portal.server;
  const admin = await s.signIn('admin');
  // A workspace buys Jira Connector through the checkout and installs it.
  const ws = await registerWorkspace(s, admin, BUYER);
  const buyer = await ws.token('marketplace:purchase');
  const started = await s.request('POST', `/v1/checkout/apps/${jira}/sessions`, { token: buyer, body: { workspaceId: ws.id, acceptTerms: true } });
  expect(started.status, started.text).toBe(201);
  expect((await pay(started.json.url)).status).toBe(303);
  const installed = await s.request('POST', `/v1/apps/${jira}/install`, {
    body: { action: 'install', appVersion: '1.0.0', rocketChatVersion: '7.5.0', engineVersion: '1.47.0' },
    headers: { authorization: `Bearer ${await ws.token('marketplace:read')}` },
  });
  expect(installed.status, installed.text).toBe(200);
  // Staff pay the publisher out.
  const paid = await s.request('POST', `/v1/admin/publishers/${northwind}/payout`, { token: admin, body: { amount: 10 } });
  expect(paid.status, paid.text).toBeLessThan(300);
  const owner = await s.signIn('owner');
  const payouts = await s.request('GET', `/v1/publisher/reports/payouts?from=${dayOf(Date.now() - 86_400_000)}&to=${dayOf(Date.now() + 86_400_000)}&limit=1`, {
    token: owner,
  });
  payoutId = payouts.json.data[0].id;
});
afterAll(() => portal?.close());

/** What the API says of the last 30 days (the screen's default range), as the publisher or staff. */
async function totals(path = '/v1/publisher/reports/summary', key: 'owner' | 'admin' = 'owner') {
  const to = dayOf(Date.now());
  const from = dayOf(Date.now() - 29 * 86_400_000);
  const res = await portal.server.request('GET', `${path}?from=${from}&to=${to}`, { token: await portal.server.signIn(key) });
  expect(res.status, res.text).toBe(200);
  return res.json.totals as { gross: number; net: number; installs: number };
}

/** A headline figure's value: the card's second paragraph. */
const figure = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Headline figures' }).getByRole('listitem').filter({ hasText: label }).first().locator('p').nth(1);

/** Waits until `locator` says exactly `text` (a Playwright wait: as long as the page needs, not a fixed time). */
const says = (locator: Locator, text: string) => locator.filter({ hasText: new RegExp(`^${text.replace(/[$.*+?()[\]{}|^\\]/g, '\\$&')}$`) }).waitFor();

/** Waits for the four charts to be drawn (the lazily loaded chart chunk on a canvas each). */
async function chartsDrawn(page: Page) {
  await page.locator('figure [role="img"] canvas').nth(3).waitFor();
  expect(await page.locator('figure [role="img"] canvas').count()).toBe(4);
}

describe('the publisher’s Reports in Chromium', () => {
  it('shows the sale in the figures, the charts and the transactions, with no axe violation', async () => {
    const expected = await totals();
    expect(expected.gross).toBeGreaterThan(0);
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Olivia Bennett/, '/publisher/apps');
    await page.getByRole('navigation', { name: 'Publisher' }).getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await says(figure(page, 'Gross sales'), usd(expected.gross));
    expect(await figure(page, 'Net').textContent()).toBe(usd(expected.net));
    expect(Number(await figure(page, 'Installs').textContent())).toBe(expected.installs);
    await chartsDrawn(page);
    await page.getByRole('img', { name: /^Revenue from .*: gross / }).waitFor();
    // The chart's numbers, for those who do not read the picture: today's row of the revenue table.
    await page.getByRole('figure', { name: 'Revenue' }).getByText('Show as table').click();
    const revenue = page.getByRole('table', { name: 'Revenue per day' });
    await revenue.waitFor();
    const today = new Date().toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
    expect(await revenue.getByRole('row', { name: new RegExp(`^${today} `) }).textContent()).toMatch(/\$\d/);
    // A tooltip under the pointer (on the plot, right of its middle: the days of the sale).
    const plot = (await page.getByRole('figure', { name: 'Revenue' }).locator('.u-over').boundingBox())!;
    await page.mouse.move(plot.x + plot.width - 4, plot.y + plot.height / 2);
    await page
      .getByRole('figure', { name: 'Revenue' })
      .getByText(/Gross: \$\d/)
      .waitFor();
    // The sale behind the figures.
    const transactions = page.getByRole('table', { name: 'Transactions' });
    await transactions.getByRole('row', { name: new RegExp(`${BUYER} Jira Connector`) }).waitFor();
    await expectNoAxeViolations(page, 'reports');
    // Its CSV: the export route's file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV of the transactions' }).click()]);
    expect(readFileSync((await download.path())!, 'utf8')).toContain(BUYER);
    await page.context().close();
  });

  it('keeps the range, grouping and app in the URL: a reload shows the same report; the keyboard picks a preset', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Olivia Bennett/, '/publisher/reports');
    const range = page.getByRole('combobox', { name: 'Range' });
    await range.waitFor();
    expect(await range.textContent()).toBe('Last 30 days');
    // The keyboard alone: open the range, one down, take it.
    await range.focus();
    await page.keyboard.press('Enter');
    // The list takes the focus on the chosen preset; then one down.
    await says(page.locator('[role="option"]:focus'), 'Last 30 days');
    await page.keyboard.press('ArrowDown');
    await says(page.locator('[role="option"]:focus'), 'Last 90 days');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('range') === '90d');
    await page.getByRole('combobox', { name: 'Group by' }).click();
    await page.getByRole('option', { name: 'Week' }).click();
    await page.getByRole('combobox', { name: 'App' }).click();
    await page.getByRole('option', { name: 'Jira Connector' }).click();
    await page.waitForURL((u) => u.searchParams.get('group') === 'week' && u.searchParams.get('app') === jira);
    await page.reload();
    await says(page.getByRole('combobox', { name: 'Range' }), 'Last 90 days');
    expect(await page.getByRole('combobox', { name: 'Group by' }).textContent()).toBe('Week');
    await says(page.getByRole('combobox', { name: 'App' }), 'Jira Connector');
    await page.getByRole('table', { name: 'Revenue per week', includeHidden: true }).waitFor({ state: 'attached' });
    // A custom range: its days in the URL, kept by a reload too.
    const from = dayOf(Date.now() - 3 * 86_400_000);
    await page.getByLabel('From', { exact: true }).fill(from);
    await page.waitForURL((u) => u.searchParams.get('from') === from && u.searchParams.get('to') === dayOf(Date.now()));
    await page.reload();
    await says(page.getByRole('combobox', { name: 'Range' }), 'Custom');
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(from);
    await page.getByRole('list', { name: 'Headline figures' }).waitFor();
    // A range that ends before it starts is refused, and said so.
    await page.getByLabel('To', { exact: true }).fill(dayOf(Date.now() - 5 * 86_400_000));
    await page.getByRole('alert').filter({ hasText: 'The range must start on or before its end' }).waitFor();
    await page.context().close();
  });

  it('opens a payout’s statement from the payouts table: carried in, the lines with their total, carried out, CSV', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Olivia Bennett/, '/publisher/reports?tab=payouts');
    const payouts = page.getByRole('table', { name: 'Payouts' });
    await payouts
      .getByRole('link', { name: /^Statement of the payout of / })
      .first()
      .click();
    await page.waitForURL((u) => u.pathname === `/publisher/reports/payouts/${payoutId}`);
    await page.getByRole('heading', { name: /^Payout statement: /, level: 1 }).waitFor();
    await page.getByText('Carried in').waitFor();
    await page.getByText('Carried out').waitFor();
    const lines = page.getByRole('table', { name: 'Lines' });
    await lines.getByRole('row', { name: new RegExp(`${BUYER} Jira Connector`) }).waitFor();
    await lines.getByRole('row', { name: /^Total All \d+ lines/ }).waitFor();
    await expectNoAxeViolations(page, 'payout statement');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV of the lines' }).click()]);
    expect(readFileSync((await download.path())!, 'utf8')).toContain(BUYER);
    await page.getByRole('link', { name: 'Back to Reports' }).click();
    await page.waitForURL((u) => u.pathname === '/publisher/reports' && u.searchParams.get('tab') === 'payouts');
    await payouts.waitFor();
    await page.context().close();
  });

  it('fits a phone’s width (390 px): the tables scroll inside their frames, not the page', async () => {
    const page = await portal.page({ width: 390, height: 844 });
    await signInAs(page, portal.server.base, /Olivia Bennett/, '/publisher/reports');
    await page.getByRole('list', { name: 'Headline figures' }).waitFor();
    await chartsDrawn(page);
    await page.getByRole('figure', { name: 'Revenue' }).getByText('Show as table').click();
    await page.getByRole('table', { name: 'Transactions' }).getByRole('rowheader').first().waitFor();
    expect(await layoutProblems(page), 'reports at 390 px').toEqual([]);
    await expectNoAxeViolations(page, 'reports at 390 px');
    await page.goto(`${portal.server.base}/publisher/reports/payouts/${payoutId}`);
    await page.getByRole('table', { name: 'Lines' }).getByRole('rowheader').first().waitFor();
    expect(await layoutProblems(page), 'a statement at 390 px').toEqual([]);
    await page.context().close();
  });
});

describe('staff in Chromium', () => {
  it('the admin dashboard shows today’s real figures, the review queue and the top apps', async () => {
    const s = portal.server;
    const dashboard = (await s.request('GET', '/v1/admin/dashboard', { token: await s.signIn('admin') })).json;
    expect(dashboard.salesToday.count).toBeGreaterThan(0);
    const page = await portal.page();
    await signInAs(page, s.base, /Sofia Rossi/, '/publisher/admin');
    const glance = page.getByRole('list', { name: 'Today and this month' });
    await glance.waitFor();
    expect(await page.getByText('Coming soon').count()).toBe(0);
    const tile = (label: string) => glance.getByRole('listitem').filter({ hasText: label });
    expect(await tile('Sales today').locator('p').nth(1).textContent()).toBe(usd(dashboard.salesToday.gross));
    expect(await tile('Installs today').locator('p').nth(1).textContent()).toBe(String(dashboard.installsToday));
    expect(await tile('Review queue').locator('p').nth(1).textContent()).toBe(String(dashboard.reviewQueue.waiting));
    await page.getByRole('table', { name: 'Top apps this month' }).getByRole('link', { name: 'Jira Connector' }).waitFor();
    await expectNoAxeViolations(page, 'admin dashboard');
    await tile('Review queue').getByRole('link', { name: 'Open the review queue' }).click();
    await page.waitForURL((u) => u.pathname === '/publisher/admin/reviews');
    await page.context().close();
  });

  it('staff read the marketplace’s reports, one publisher’s at a time', async () => {
    const expected = await totals('/v1/admin/reports/summary', 'admin');
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Sofia Rossi/, '/publisher/admin');
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL((u) => u.pathname === '/publisher/admin/reports');
    await says(figure(page, 'Gross sales'), usd(expected.gross));
    await page.getByRole('combobox', { name: 'Publisher' }).click();
    await page.getByRole('option', { name: demoPublishers.find((p) => p.key === 'northwind')!.name }).click();
    await page.waitForURL((u) => u.searchParams.get('publisher') === northwind);
    await page
      .getByRole('table', { name: 'Transactions' })
      .getByRole('row', { name: new RegExp(BUYER) })
      .waitFor();
    await chartsDrawn(page);
    await expectNoAxeViolations(page, 'admin reports');
    await page.context().close();
  });
});
