import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { uuidOf } from '../../server/dev/seed/seed';
import { accounts, appInstallEvents, workspaceTokens, workspaces } from '../../server/db/schema';
import { expectNoAxeViolations, signInAs, startPortal } from './browser';

/**
 * The installs of the stats dialog in Chromium — installs per day and workspaces per version, drawn from what
 * registered workspaces reported through the public routes — for the publisher and on the admin app detail:
 * loading, empty and filled, the tables behind the charts, no axe violation, and a phone's width.
 */
let portal: Awaited<ReturnType<typeof startPortal>>;
const jira = uuidOf('app:Jira Connector');
const hex = (name: string) => createHash('sha256').update(name).digest('hex').slice(0, 24);

/** A token for a workspace (as the token grant makes one). */
async function tokenFor(workspaceId: string) {
  const token = randomBytes(32).toString('base64url');
  await portal.server.app.db.insert(workspaceTokens).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    workspaceId,
    scope: 'marketplace:read marketplace:download',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return token;
}
/** What Rocket.Chat does to install an app: download the package (token in the query), then report. */
async function rocketChat(token: string, action: 'install' | 'uninstall') {
  const base = portal.server.base;
  if (action === 'install') {
    const zip = await fetch(`${base}/v2/apps/${jira}/download/1.0.0?token=${token}`, { headers: { 'X-Apps-Engine-Version': '1.47.0' } });
    expect([zip.status, zip.headers.get('content-type')]).toEqual([200, 'application/zip']);
    await zip.arrayBuffer();
  }
  const res = await fetch(`${base}/v1/apps/${jira}/install`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      action,
      appName: 'Jira Connector',
      appSlug: 'jira-connector',
      appVersion: '1.0.0',
      rocketChatVersion: '7.5.0',
      engineVersion: '1.47.0',
      siteUrl: 'https://chat.example',
    }),
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  portal = await startPortal();
  // Acme HQ and Globex bought Jira Connector: both install it, Globex uninstalls it again.
  const acme = await tokenFor(hex('ws:acme-hq'));
  const globex = await tokenFor(hex('ws:globex'));
  await rocketChat(acme, 'install');
  await rocketChat(globex, 'install');
  await rocketChat(globex, 'uninstall');
  // A workspace that has run it for a month (its install reported then).
  const db = portal.server.app.db;
  const accountId = newId();
  const workspaceId = newId();
  await db.insert(accounts).values({ id: accountId, name: 'Harbor Freight' });
  await db.insert(workspaces).values({
    id: workspaceId,
    accountId,
    nickname: 'Harbor Freight',
    address: 'https://harbor-freight.chat.example',
    clientId: 'e2e-harbor',
    registeredAt: new Date(),
  });
  await db.insert(appInstallEvents).values({
    id: newId(),
    appId: jira,
    workspaceId,
    action: 'install',
    appVersion: '1.0.0',
    at: new Date(Date.now() - 30 * 86_400_000),
    dedupeKey: `e2e:${newId()}`,
  });
});
afterAll(() => portal?.close());

/** Sideways scrolling of the page, tables overflowing without a scrollbar (as tests/e2e/screens.e2e.test.ts checks). */
const layoutProblems = (page: Page) =>
  page.evaluate(() => {
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) problems.push(`the page scrolls sideways (${doc.scrollWidth} > ${doc.clientWidth})`);
    for (const dialog of document.querySelectorAll<HTMLElement>('[role="dialog"]')) {
      if (dialog.scrollWidth > dialog.clientWidth + 1) problems.push(`the dialog scrolls sideways (${dialog.scrollWidth} > ${dialog.clientWidth})`);
      // A dialog wider than the screen is cut off (its overlay does not make the page scroll).
      if (dialog.getBoundingClientRect().right > window.innerWidth + 1)
        problems.push(`the dialog is wider than the screen (${Math.round(dialog.getBoundingClientRect().right)} > ${window.innerWidth})`);
    }
    for (const viewport of document.querySelectorAll<HTMLElement>('.rt-TableRoot [data-radix-scroll-area-viewport]')) {
      const caption = viewport.closest('.rt-TableRoot')?.querySelector('caption')?.textContent ?? 'a table';
      if (viewport.scrollWidth > viewport.clientWidth + 1) {
        const style = getComputedStyle(viewport);
        if (style.scrollbarWidth === 'none' || !['auto', 'scroll'].includes(style.overflowX)) problems.push(`${caption} overflows without a visible scrollbar`);
      }
    }
    return problems;
  });

/** Opens the stats dialog of the app page the browser is on and waits for its installs. */
async function openInstalls(page: Page) {
  await page.getByRole('button', { name: 'Stats' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stats: Jira Connector' });
  await dialog.getByRole('heading', { name: 'Installs' }).waitFor();
  await dialog.getByText('Workspaces running it').waitFor();
  return dialog;
}

/** The totals grid: each label and the number beside it. */
const totals = (dialog: ReturnType<Page['getByRole']>) =>
  dialog.evaluate((el) => {
    const out: Record<string, string> = {};
    for (const label of ['Installs', 'Updates', 'Uninstalls', 'Workspaces running it']) {
      const cell = [...el.querySelectorAll('span')].find((s) => s.textContent === label);
      out[label] = cell?.nextElementSibling?.textContent ?? '';
    }
    return out;
  });

describe('installs in the stats dialog', () => {
  it('charts what workspaces reported for the publisher, with the tables behind the charts, and no axe violation', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Olivia Bennett/, `/publisher/apps/${jira}`);
    await page.getByRole('heading', { name: 'Jira Connector' }).waitFor();
    const dialog = await openInstalls(page);
    expect(await totals(dialog)).toEqual({ Installs: '3', Updates: '0', Uninstalls: '1', 'Workspaces running it': '2' });
    // Installs per day and per version are charted in Reports: the dialog links there, filtered to the app.
    expect(await dialog.getByRole('link', { name: 'open Reports for this app' }).getAttribute('href')).toBe(`/publisher/reports?app=${jira}`);
    await expectNoAxeViolations(page, 'stats dialog with installs');
    await page.keyboard.press('Escape');

    // An app no workspace installed: said so.
    await page.goto(`${portal.server.base}/publisher/apps/${uuidOf('app:Standup Bot')}`);
    await page.getByRole('button', { name: 'Stats' }).click();
    await page.getByRole('dialog').getByText('No workspace has downloaded or installed this app yet.').waitFor();
    await expectNoAxeViolations(page, 'stats dialog without installs');
    await page.context().close();
  });

  it('shows staff the same on the admin app detail', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Sofia Rossi/, `/publisher/admin/apps/${jira}`);
    await page.getByRole('heading', { name: 'Jira Connector' }).waitFor();
    const dialog = await openInstalls(page);
    expect(await totals(dialog)).toEqual({ Installs: '3', Updates: '0', Uninstalls: '1', 'Workspaces running it': '2' });
    expect(await dialog.getByRole('link', { name: 'open Reports for this app' }).getAttribute('href')).toBe(`/publisher/admin/reports?app=${jira}`);
    await expectNoAxeViolations(page, 'admin stats dialog with installs');
    await page.context().close();
  });

  it('fits a phone’s width (390 px), without an axe violation', async () => {
    const page = await portal.page({ width: 390, height: 844 });
    await signInAs(page, portal.server.base, /Olivia Bennett/, `/publisher/apps/${jira}`);
    await page.getByRole('heading', { name: 'Jira Connector' }).waitFor();
    const dialog = await openInstalls(page);
    await dialog.getByRole('link', { name: 'open Reports for this app' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await layoutProblems(page), 'the stats dialog at 390 px').toEqual([]);
    await expectNoAxeViolations(page, 'the stats dialog at 390 px');
    await page.context().close();
  });
});
