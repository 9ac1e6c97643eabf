import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, signInAs, startPortal } from './browser';

let portal: Awaited<ReturnType<typeof startPortal>>;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal?.close());

describe('the publisher’s app detail in Chromium', () => {
  it('publishes and unpublishes through the actions the lifecycle machine offers', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Olivia Bennett/);
    await page.getByRole('link', { name: 'Calendar Sync' }).click();
    await page.getByRole('heading', { name: 'Calendar Sync' }).waitFor();
    await expectNoAxeViolations(page, 'app detail');
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published!').first().waitFor();
    await versions.getByRole('button', { name: 'Unpublish' }).waitFor();
    await expect(versions.getByRole('button', { name: 'Publish', exact: true }).count()).resolves.toBe(0);
    await versions.getByRole('button', { name: 'Unpublish' }).click();
    await page.getByText('Unpublished!').first().waitFor();
    await versions.getByRole('button', { name: 'Publish', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Stats' }).click();
    await page.getByRole('dialog').getByText('Total downloads').waitFor();
    await expectNoAxeViolations(page, 'stats dialog');
    await page.keyboard.press('Escape');
    await page.context().close();
  });

  it('rejects a compiled version with a reason, and shows a broken package’s diagnostics', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Olivia Bennett/);
    await page.getByRole('link', { name: 'Translate Bridge' }).click();
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await dialog.getByText('Please provide a reason for the rejection.').waitFor();
    await expectNoAxeViolations(page, 'reject dialog');
    await dialog.getByLabel('Reason').fill('The translation keys are in the source.');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByText('Translate Bridge v1.2.0 is rejected!').first().waitFor();
    await versions.getByText('The translation keys are in the source.').waitFor();

    await page.getByRole('link', { name: '← Apps' }).click();
    await page.getByRole('link', { name: 'Poll Master' }).click();
    await page.getByRole('table', { name: 'Versions' }).getByRole('button', { name: 'View Diagnostics' }).click();
    await page.getByRole('dialog').getByText('PollMasterApp.ts:42:17').waitFor();
    await page.getByRole('dialog').getByText("Property 'getRoom' does not exist on type 'IRead'.").waitFor();
    await expectNoAxeViolations(page, 'diagnostics dialog');
    await page.context().close();
  });

  it('shows a viewer the app without actions that change it', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Priya Raman/);
    await page.getByRole('link', { name: 'Calendar Sync' }).click();
    await page.getByRole('table', { name: 'Versions' }).waitFor();
    await expect(page.getByRole('table', { name: 'Versions' }).getByRole('button').count()).resolves.toBe(0);
    await page.context().close();
  });

  it('lets an owner without paid apps ask for them, and staff read the request on the publisher’s page', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Lars Eriksen/);
    await page.getByRole('link', { name: 'GitLab Notifier' }).click();
    const prices = page.getByRole('region', { name: 'Prices' });
    await prices.getByText('Paid apps are not enabled for your publisher account.').waitFor();
    await prices.getByRole('button', { name: 'Request paid apps' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request paid apps' });
    await dialog.getByLabel('Message (optional)').fill('We would sell GitLab Notifier Pro.');
    await expectNoAxeViolations(page, 'request paid apps');
    await dialog.getByRole('button', { name: 'Request paid apps' }).click();
    await page.getByTestId('toast').getByText('Your request is sent: the marketplace team answers by mail.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();

    const staff = await portal.page();
    await signInAs(staff, portal.server.base, /Sofia Rossi/, '/publisher/admin/publishers');
    await staff.getByRole('link', { name: 'Fjord Labs' }).click();
    await staff.getByRole('cell', { name: 'Asked for paid apps: “We would sell GitLab Notifier Pro.”' }).waitFor();
    await staff.context().close();
  });
});
