import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '../../contract/schemas/webhook';
import { appVersions, compileJobs, webhookActivities, webhooks } from '../../server/db/schema';
import { uuidOf } from '../../server/dev/seed/seed';
import { expectNoAxeViolations, layoutProblems, signInAs, startPortal, E2E_WAIT_MS } from './browser';
import { eventLabels } from '../../src/features/webhooks/strings';

/**
 * Layout defects found in Chromium at a laptop's width (1366 px) and a phone's (390 px): the webhook event
 * picker's labels overlapped (two-line labels in one-line buttons), the activity log's Resend and the compile
 * jobs' last column were off to the right at 1366 px. Checked here with long ids, a long url and long versions:
 * no label overlaps another, the last column is on the screen at 1366 px (at 390 px the table's own scroll
 * reaches it), the page never scrolls sideways, and axe finds nothing.
 */
let portal: Awaited<ReturnType<typeof startPortal>>;
const hex = (name: string) => createHash('sha256').update(name).digest('hex').slice(0, 24);
const jira = uuidOf('app:Jira Connector');
const hookId = hex('layout:webhook');
const LONG_URL = 'https://a-rather-long-subdomain-of-the-publisher.northwind.example/hooks/marketplace/v2/events?token=0123456789abcdef0123456789abcdef';
const LONG_EVENT_ID = `evt_${'0123456789abcdef'.repeat(4)}`;
const LABEL = 'Every sale and subscription change of the Northwind apps';

beforeAll(async () => {
  portal = await startPortal();
  const db = portal.server.app.db;
  const [owner] = await db
    .select({ publisherId: webhooks.publisherId })
    .from(webhooks)
    .where(eq(webhooks.id, hex('webhook:northwind')));
  await db.insert(webhooks).values({
    id: hookId,
    publisherId: owner!.publisherId,
    label: LABEL,
    url: LONG_URL,
    events: [...webhookEvents],
    secret: `whsec_${createHash('sha256').update('layout').digest('base64')}`,
  });
  const now = Date.now();
  const attempts = Array.from({ length: 7 }, (_, i) => ({
    at: new Date(now - (7 - i) * 60_000).toISOString(),
    status: 'failure' as const,
    statusCode: 503,
    ms: 120,
  }));
  await db.insert(webhookActivities).values(
    [
      { eventId: LONG_EVENT_ID, status: 'failure' as const, code: 503, attempts, next: new Date(now + 36_000_000) },
      { eventId: `evt_test_${hex('layout:test-event')}`, status: 'delivered' as const, code: 200, attempts: attempts.slice(0, 1), next: null },
      { eventId: uuidOf('layout:event'), status: 'timeout' as const, code: 0, attempts: attempts.slice(0, 2), next: new Date(now + 300_000) },
    ].map((a, i) => ({
      id: hex(`layout:activity:${i}`),
      webhookId: hookId,
      status: a.status,
      eventId: a.eventId,
      eventType: webhookEvents[i % webhookEvents.length]!,
      payload: { url: LONG_URL, note: 'x'.repeat(200) },
      responseStatusCode: a.code,
      responseBody: a.code ? '{"received":false,"reason":"maintenance"}' : '',
      responseType: a.code ? 'application/json' : '',
      attempts: a.attempts,
      nextAttemptAt: a.next,
      createdAt: new Date(now - i * 60_000),
    })),
  );
  // A failed compile of Jira Connector with long versions, as a pre-release compiler reports them.
  const [version] = await db.select({ internalId: appVersions.internalId }).from(appVersions).where(eq(appVersions.appId, jira)).limit(1);
  await db.insert(compileJobs).values({
    id: hex('layout:job'),
    internalAppId: version!.internalId,
    appId: jira,
    typeScriptVersion: '5.9.3-insiders.20261120.1a2b3c4d',
    engineVersion: '1.66.0-develop.20261128.4f2c9a1b7e3d5f60',
    status: 'failed',
    durationMs: 123_456,
    requestedAt: new Date(now),
    finishedAt: new Date(now + 123_456),
  });
});
afterAll(() => portal?.close());

const widths = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 1 &&
  inner.y >= outer.y - 1 &&
  inner.x + inner.width <= outer.x + outer.width + 1 &&
  inner.y + inner.height <= outer.y + outer.height + 1;

/** Every pair of boxes that overlap, and every label that spills out of its button, named. */
async function overlaps(picker: Locator) {
  const buttons = picker.locator('li button');
  const found: string[] = [];
  const boxes: { name: string; button: Box; label: Box }[] = [];
  for (const button of await buttons.all()) {
    const name = (await button.getAttribute('aria-label')) ?? '';
    const buttonBox = (await button.boundingBox())!;
    // The label's text as laid out (its line boxes), not its element's box.
    const label = await button
      .locator('span')
      .first()
      .evaluate((span) => {
        const range = document.createRange();
        range.selectNodeContents(span);
        const r = range.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      });
    if (!inside(label, buttonBox)) found.push(`"${name}": its label spills out of its button`);
    boxes.push({ name, button: buttonBox, label });
  }
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      if (intersects(a.label, b.label)) found.push(`"${a.name}" and "${b.name}": labels overlap`);
      if (intersects(a.button, b.button)) found.push(`"${a.name}" and "${b.name}": buttons overlap`);
      if (intersects(a.label, b.button) || intersects(b.label, a.button)) found.push(`"${a.name}" and "${b.name}": a label lies on the other's button`);
    }
  // Each column's heading beside its Add all / Remove all.
  for (const heading of await picker.locator('[id^="events-"]').all()) {
    const all = heading.locator('xpath=following-sibling::button');
    if (intersects((await heading.boundingBox())!, (await all.boundingBox())!)) found.push(`"${await heading.textContent()}" overlaps its button`);
  }
  return found;
}

/**
 * Where `target` (in a table) sits. At 1366 px it must be on the screen with the table unscrolled; at 390 px the
 * table may scroll sideways, and its own scroll brings `target` into its visible part, the page not moving.
 */
async function expectReachable(page: Page, table: Locator, target: Locator, width: number, what: string) {
  const viewport = table.locator('xpath=ancestor::*[@data-radix-scroll-area-viewport][1]');
  const box = (await target.boundingBox())!;
  const sideways = () => viewport.evaluate((v) => ({ left: v.scrollLeft, over: v.scrollWidth - v.clientWidth, role: v.getAttribute('role'), tab: v.tabIndex }));
  if (width >= 1366) {
    // The whole table fits: nothing to scroll to.
    expect(await sideways(), `${what}: the table fits at ${width} px`).toMatchObject({ left: 0, over: 0 });
    expect(box.x + box.width, `${what} is on the screen at ${width} px`).toBeLessThanOrEqual(width);
    const area = (await viewport.boundingBox())!;
    expect(inside(box, { ...area, y: box.y, height: box.height }), `${what} is in the table's visible part at ${width} px`).toBe(true);
    return;
  }
  // A table wider than the phone scrolls inside its frame, a labelled region a keyboard can scroll (DataTable).
  const before = await sideways();
  if (before.over > 0) expect(before, `${what}: a region a keyboard can scroll`).toMatchObject({ role: 'region', tab: 0 });
  await target.scrollIntoViewIfNeeded();
  const area = (await viewport.boundingBox())!;
  const scrolled = (await target.boundingBox())!;
  expect(inside({ ...scrolled, y: area.y, height: 1 }, { ...area, height: 1 }), `${what}: the table's own scroll reaches it at ${width} px`).toBe(true);
  expect(scrolled.x + scrolled.width, `${what} on the screen once scrolled to at ${width} px`).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => window.scrollX), `${what}: the page itself did not scroll sideways`).toBe(0);
}

describe('the webhook event picker, the activity log and the compile jobs at 1366 and 390 px', () => {
  for (const { width, height } of widths) {
    it(`webhook screens at ${width} px: event labels apart, Resend reachable, nothing off the page`, async () => {
      const page = await portal.page({ width, height });
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);
      await signInAs(page, portal.server.base, /Olivia Bennett/, '/publisher/webhooks');
      await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();

      // The New Webhook drawer: all events available, then some chosen (both columns full), by keyboard.
      await page.getByRole('button', { name: 'New Webhook' }).click();
      const drawer = page.getByRole('dialog', { name: 'New Webhook' });
      const picker = drawer.getByRole('group', { name: 'Events' });
      await picker.getByRole('button', { name: /^Add .* · app\.subscription\.cancelled$/ }).waitFor();
      // Measured once the drawer has slid in: boxes read one by one while it moves would seem to overlap (a busy
      // machine's CI run saw two neighbours do so).
      await drawer.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      expect(await overlaps(picker), `all available at ${width} px`).toEqual([]);
      await expectNoAxeViolations(page, `the drawer, nothing chosen, at ${width} px`);
      // By keyboard: the moved event's neighbour takes the focus, so the next key press carries on there.
      await picker.getByRole('button', { name: `Add ${eventName('app.subscription.cancelled')}` }).focus();
      await page.keyboard.press('Enter');
      await picker.getByRole('button', { name: `Remove ${eventName('app.subscription.cancelled')}` }).waitFor();
      await expect.poll(focused, { timeout: E2E_WAIT_MS }).toBe(`Add ${eventName('app.subscription.modified')}`);
      await page.keyboard.press('Tab');
      await expect.poll(focused, { timeout: E2E_WAIT_MS }).toBe(`Add ${eventName('app.subscription.migrated')}`);
      await page.keyboard.press('Space');
      await picker.getByRole('button', { name: `Remove ${eventName('app.subscription.migrated')}` }).waitFor();
      await picker.getByRole('button', { name: `Add ${eventName('app.purchase.refunded')}` }).focus();
      await page.keyboard.press('Enter');
      await picker.getByRole('button', { name: `Remove ${eventName('app.purchase.refunded')}` }).waitFor();
      // The last of its list: the focus goes back a step.
      await expect.poll(focused, { timeout: E2E_WAIT_MS }).toBe(`Add ${eventName('app.purchase.created')}`);
      expect(await overlaps(picker), `three chosen at ${width} px`).toEqual([]);
      expect(await layoutProblems(page), `the drawer at ${width} px`).toEqual([]);
      await expectNoAxeViolations(page, `the drawer at ${width} px`);
      await picker.getByRole('button', { name: 'Add all' }).focus();
      await page.keyboard.press('Enter');
      await picker.getByRole('button', { name: `Remove ${eventName('app.subscription.created')}` }).waitFor();
      await expect.poll(focused, { timeout: E2E_WAIT_MS }).toBe('Remove all');
      expect(await overlaps(picker), `all chosen at ${width} px`).toEqual([]);
      await expectNoAxeViolations(page, `the drawer, everything chosen, at ${width} px`);
      await drawer.getByRole('button', { name: 'Cancel', exact: true }).click();
      await page.getByRole('alertdialog', { name: 'Disregard changes?' }).getByRole('button', { name: 'Disregard' }).click();
      await drawer.waitFor({ state: 'detached' });

      // The details of a webhook with a long url, every event and long rows in its activity log.
      await page.goto(`${portal.server.base}/publisher/webhooks/${hookId}`);
      await page.getByRole('heading', { name: LABEL, level: 1 }).waitFor();
      const log = page.getByRole('table', { name: 'Activity Logs' });
      await log.getByText(LONG_EVENT_ID).waitFor();
      await page.waitForLoadState('networkidle');
      const resend = log.getByRole('button', { name: `Resend ${LONG_EVENT_ID}` });
      await expectReachable(page, log, resend, width, 'Resend');
      await expectReachable(page, log, log.getByRole('columnheader', { name: 'Resend' }), width, 'the Resend column');
      // Long ids wrap; they are not squeezed to a letter a line.
      expect((await log.getByText(LONG_EVENT_ID).boundingBox())!.width, 'the event id is readable').toBeGreaterThanOrEqual(80);
      expect(await layoutProblems(page), `webhook details at ${width} px`).toEqual([]);
      await expectNoAxeViolations(page, `webhook details at ${width} px`);
      await page.context().close();
    });

    it(`compile jobs at ${width} px: the last column reachable, nothing off the page`, async () => {
      const check = async (page: Page, path: string, last: string) => {
        // Signed in first (back on the portal), then to the screen.
        await page.waitForURL((u) => u.pathname.startsWith('/publisher/'));
        await page.goto(portal.server.base + path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        const table = page.getByRole('table', { name: 'Compile jobs' });
        await table.getByText('1.66.0-develop.20261128.4f2c9a1b7e3d5f60').first().waitFor();
        await page.waitForLoadState('networkidle');
        await expectReachable(page, table, table.getByRole('columnheader', { name: last }), width, `${path}: ${last}`);
        const row = table.getByRole('row').filter({ hasText: '1.66.0-develop.20261128.4f2c9a1b7e3d5f60' }).first();
        await expectReachable(page, table, row.getByRole('cell').last(), width, `${path}: the long row's last cell`);
        // Headers on one line; a time breaks between its date and its time, never inside either.
        const lineCounts = (nodes: Element[]) =>
          nodes.map((node) => {
            const range = document.createRange();
            range.selectNodeContents(node);
            return [node.textContent, new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size] as const;
          });
        const lines = await table.locator('thead th').evaluateAll(lineCounts);
        expect(
          lines.filter(([, n]) => n !== 1),
          `${path}: headers on one line`,
        ).toEqual([]);
        const stamps = await row.locator('td span').evaluateAll(lineCounts);
        expect(stamps.length, `${path}: the times and the status`).toBeGreaterThanOrEqual(3);
        expect(
          stamps.filter(([, n]) => n !== 1),
          `${path}: each part of a time on one line`,
        ).toEqual([]);
        expect(await layoutProblems(page), `${path} at ${width} px`).toEqual([]);
        await expectNoAxeViolations(page, `${path} at ${width} px`);
      };
      const publisher = await portal.page({ width, height });
      await signInAs(publisher, portal.server.base, /Olivia Bennett/, `/publisher/apps/${jira}`);
      await check(publisher, `/publisher/apps/${jira}`, 'Finished At');
      await publisher.context().close();
      const staff = await portal.page({ width, height });
      await signInAs(staff, portal.server.base, /Sofia Rossi/, '/publisher/admin/jobs');
      await check(staff, '/publisher/admin/jobs', 'View App');
      await check(staff, `/publisher/admin/apps/${jira}`, 'Finished At');
      await staff.context().close();
    });
  }
});

const eventName = (event: string) => `${eventLabels[event]} · ${event}`;
