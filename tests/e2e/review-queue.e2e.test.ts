// Staff's review queue in Chromium against the real portal (docs/packages-and-review.md, The review queue): the seeded versions waiting for review
// (Kanban Board 1.0.0 submitted three days ago, past the 48-hour target; the others an hour ago), a reviewer
// sees the overdue one highlighted, takes it, finds it under "Assigned to me", weighs a publish check
// differently (Edit publish checks opens the editor) and saves; read-only staff are turned away; the screen passes axe and fits 390 px.
import { eq, inArray } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewWaitingStatuses } from '../../contract/schemas/review';
import { appVersions } from '../../server/db/schema';
import { uuidOf } from '../../server/dev/seed/seed';
import { expectNoAxeViolations, signInAs, startPortal, layoutProblems } from './browser';

let portal: Awaited<ReturnType<typeof startPortal>>;
const HOUR = 3_600_000;
const kanban = uuidOf('app:Kanban Board');
const reviews = '/publisher/admin/reviews';

beforeAll(async () => {
  portal = await startPortal();
  const db = portal.server.app.db;
  await db
    .update(appVersions)
    .set({ submittedAt: new Date(Date.now() - HOUR) })
    .where(inArray(appVersions.status, [...reviewWaitingStatuses]));
  await db
    .update(appVersions)
    .set({ submittedAt: new Date(Date.now() - 74 * HOUR) })
    .where(eq(appVersions.appId, kanban));
});
afterAll(() => portal?.close());

const search = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const table = (page: Page) => page.getByRole('table', { name: 'Versions waiting for review' });
const row = (page: Page, app: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: app }) });

describe('the review queue, in Chromium', () => {
  it('highlights the overdue version; a reviewer takes it, finds it under Assigned to me, and weighs a check', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Daniel Kim/, reviews);
    await page.getByRole('heading', { level: 1, name: 'Reviews' }).waitFor();
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Reviews' }).waitFor();
    await page.getByText(/^\d+ waiting · 1 over the 48-hour target$/).waitFor();

    // The longest waiting first: Kanban Board, overdue, in words and in colour; the others not.
    await expect.poll(() => table(page).getByRole('rowheader').first().textContent()).toBe('Kanban Board');
    const late = row(page, 'Kanban Board');
    await late.getByText('Over 48 hours').waitFor();
    await late.getByText('3 days 2 hours').waitFor();
    expect(await late.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    const onTime = row(page, 'Jira Connector');
    await onTime.getByText('1 hour', { exact: true }).waitFor();
    expect(await onTime.getByText('Over 48 hours').count()).toBe(0);
    expect(await onTime.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, 'the review queue');

    // Take it: the row names the reviewer, offers Unassign.
    await late.getByRole('button', { name: 'Assign to me: Kanban Board 1.0.0' }).click();
    await late.getByRole('cell', { name: 'Daniel Kim' }).waitFor();
    await late.getByRole('button', { name: 'Unassign: Kanban Board 1.0.0' }).waitFor();

    // Assigned to me: only it, and the address says so.
    await page.getByRole('combobox', { name: 'Assignee' }).click();
    await page.getByRole('option', { name: 'Assigned to me' }).click();
    await expect.poll(() => search(page)).toMatchObject({ assignee: 'me', page: '1' });
    await page.getByText(/^1 waiting · 1 over the 48-hour target$/).waitFor();
    await expect.poll(() => table(page).getByRole('rowheader').allTextContents()).toEqual(['Kanban Board']);
    // Only overdue, too: still it; a reload keeps both filters.
    await page.getByRole('checkbox', { name: 'Only overdue' }).click();
    await expect.poll(() => search(page)).toMatchObject({ assignee: 'me', overdue: 'true' });
    await page.reload();
    await page.getByText(/^1 waiting · 1 over the 48-hour target$/).waitFor();
    await expect.poll(() => table(page).getByRole('rowheader').allTextContents()).toEqual(['Kanban Board']);
    expect(await page.getByRole('checkbox', { name: 'Only overdue' }).getAttribute('aria-checked')).toBe('true');

    // A check weighed differently: New permissions blocks submission from now on. The settings show as they are,
    // without a form, until Edit publish checks (from the keyboard here) opens the editor in their place.
    const checks = page.getByRole('region', { name: 'Publish checks' });
    const permissionsRow = checks
      .getByRole('table', { name: 'How much each check weighs' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'New permissions' }) });
    await expect.poll(() => permissionsRow.getByRole('cell').textContent()).toBe('Warns');
    expect(await checks.getByRole('combobox').count()).toBe(0);
    const edit = checks.getByRole('button', { name: 'Edit publish checks' });
    await edit.focus();
    await page.keyboard.press('Enter');
    const permissions = checks.getByRole('combobox', { name: 'New permissions' });
    await permissions.waitFor();
    await expect.poll(() => permissions.textContent()).toBe('Warns');
    const save = checks.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, 'the publish checks’ editor');
    await permissions.click();
    await page.getByRole('option', { name: 'Blocks submission' }).click();
    await save.click();
    await page.getByTestId('toast').getByText('The publish checks are saved.').waitFor();
    // The editor closed on what is saved (marked: not its default), the focus back on Edit.
    await checks.getByText(/^Last saved .+ by Daniel Kim\.$/).waitFor();
    await expect.poll(() => permissionsRow.getByRole('cell').textContent()).toBe('Blocks submissiondefault: Warns');
    expect(await save.count()).toBe(0);
    await expect.poll(() => edit.evaluate((el) => el === document.activeElement)).toBe(true);
    const token = await portal.server.signIn('reviewer');
    const stored = await portal.server.request('GET', '/v1/admin/publish-checks', { token });
    expect(stored.json.checks.find((c: { id: string }) => c.id === 'new-permissions')).toMatchObject({ severity: 'blocks', defaultSeverity: 'warns' });
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, 'the review queue, filtered, checks saved');
    await page.context().close();
  });

  it('opens a waiting version from the queue on what its publisher wrote for the reviewers, and its screenshots', async () => {
    await portal.server.app.db
      .update(appVersions)
      .set({ changesNote: 'Swimlanes per team.', internalChangesNote: 'room.read lists the members a card can be assigned to.' })
      .where(eq(appVersions.appId, kanban));
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Daniel Kim/, reviews);
    await row(page, 'Kanban Board').getByRole('link', { name: 'Kanban Board' }).click();
    const submitted = page.getByRole('region', { name: 'What the publisher submitted with v1.0.0' });
    await submitted.getByText('Swimlanes per team.').waitFor();
    await submitted.getByText('room.read lists the members a card can be assigned to.').waitFor();
    await submitted.getByText('No screenshots.').waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, 'what the publisher submitted');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await layoutProblems(page), 'the admin app page at 390 px').toEqual([]);
    await page.context().close();
  });

  it('fits a phone’s width (390 px): the queue scrolls sideways inside itself, visibly, and the page does not', async () => {
    const page = await portal.page({ width: 390, height: 844 });
    await signInAs(page, portal.server.base, /Daniel Kim/, reviews);
    await row(page, 'Kanban Board').getByText('Over 48 hours').waitFor();
    await page.waitForLoadState('networkidle');
    const scroller = page.getByRole('region', { name: 'Versions waiting for review (scrolls sideways)' });
    await scroller.waitFor();
    expect(await scroller.getAttribute('tabindex')).toBe('0');
    expect(await layoutProblems(page), 'the review queue at 390 px').toEqual([]);
    await expectNoAxeViolations(page, 'the review queue at 390 px');
    // The publish checks' editor fits too.
    const checks = page.getByRole('region', { name: 'Publish checks' });
    await checks.getByRole('button', { name: 'Edit publish checks' }).click();
    await checks.getByRole('combobox', { name: 'New permissions' }).waitFor();
    expect(await layoutProblems(page), 'the publish checks’ editor at 390 px').toEqual([]);
    await page.context().close();
  });

  it('turns read-only staff away (support reads apps, may not review): no link, and the address leads back to apps', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Hannah Weber/, reviews);
    await page.waitForURL((u) => u.pathname === '/publisher/apps');
    await page.getByTestId('toast').getByText('It appears you do not have access to update the system reviews.', { exact: false }).waitFor();
    const admin = page.getByRole('navigation', { name: 'Administration' });
    await admin.getByRole('link', { name: 'Apps' }).waitFor();
    expect(await admin.getByRole('link', { name: 'Reviews' }).count()).toBe(0);
    await page.context().close();
  });
});
