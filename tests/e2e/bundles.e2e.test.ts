import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidOf } from '../../server/dev/seed/seed';
import { pngImage } from '../fixtures/images';
import { expectNoAxeViolations, signInAs, startPortal, E2E_WAIT_MS } from './browser';

let portal: Awaited<ReturnType<typeof startPortal>>;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal?.close());

describe('bundles in Chromium', () => {
  it('a publisher composes a bundle of two apps with a per-seat monthly and a flat yearly plan; staff approve it, the publisher publishes it; both apps show it', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Olivia Bennett/, '/publisher/bundles');
    await page.getByRole('heading', { name: 'Bundles', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Bundles' }).getByText('Northwind Productivity Pack').waitFor();
    await expectNoAxeViolations(page, 'bundles list');
    await page.getByRole('link', { name: 'New Bundle' }).click();
    await page.waitForURL((u) => u.pathname === '/publisher/new/bundle');
    await page.getByRole('heading', { name: 'Publish a New App Bundle' }).waitFor();

    // Publish stays disabled until there is an icon; the form's messages come first.
    const publish = page.getByRole('button', { name: 'Publish' });
    expect(await publish.isDisabled()).toBe(true);
    await page.getByLabel('Icon', { exact: true }).setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: pngImage(64, 64) });
    await expect.poll(() => publish.isDisabled()).toBe(false);
    await publish.click();
    await page.getByText('Please set the name of the bundle.').waitFor();
    await page.getByText("Please describe the bundle so clients understand what they're getting.").waitFor();
    await page.getByText('Please select at least one category.').waitFor();
    await page.getByText('At least one App is required to be in the bundle.').waitFor();

    await page.getByLabel('Name', { exact: true }).fill('Focus Pack 2!');
    expect(await page.getByLabel('Slug').inputValue()).toBe('focus-pack');
    expect(await page.getByLabel('Slug').getAttribute('readonly')).not.toBeNull();
    await page.getByLabel('Description').fill('Jira and standups, one subscription.');
    await page.getByLabel('Version', { exact: true }).fill('1.0');
    await page.getByRole('checkbox', { name: 'Productivity' }).click();
    await page.getByRole('checkbox', { name: /^Jira Connector/ }).click();
    await page.getByRole('checkbox', { name: /^Standup Bot/ }).click();
    await publish.click();
    await page.getByText('Version must be of semver format: 1.0.0').waitFor();
    await page.getByLabel('Version', { exact: true }).fill('1.0.0');
    // Enterprise is not offered.
    expect(await page.getByRole('checkbox', { name: 'Enterprise' }).count()).toBe(0);

    await page.getByRole('combobox', { name: 'Purchase type' }).click();
    await page.getByRole('option', { name: 'Subscription' }).click();
    const addPlan = page.getByRole('button', { name: 'Add plan' });
    await addPlan.click();
    let drawer = page.getByRole('dialog', { name: 'Add a pricing plan' });
    await drawer.getByRole('switch', { name: 'Per seat' }).click();
    await drawer.getByText('This tier is free, please ensure this is desired.').first().waitFor();
    await drawer.getByLabel('Tier 1 price', { exact: true }).fill('5');
    await drawer.getByLabel('Tier 2 price', { exact: true }).fill('4');
    await expectNoAxeViolations(page, 'bundle plan drawer');
    await drawer.getByRole('button', { name: 'Add plan' }).click();
    await drawer.waitFor({ state: 'detached' });
    await addPlan.click();
    drawer = page.getByRole('dialog', { name: 'Add a pricing plan' });
    expect(await drawer.getByRole('combobox', { name: 'Strategy' }).textContent()).toBe('Yearly');
    await drawer.getByLabel('Price (USD)').fill('0');
    await drawer.getByRole('button', { name: 'Add plan' }).click();
    await drawer.getByText('Invalid Flat Price').waitFor();
    await drawer.getByLabel('Price (USD)').fill('480');
    await drawer.getByRole('button', { name: 'Add plan' }).click();
    await drawer.waitFor({ state: 'detached' });
    // Both strategies have a plan: no third.
    expect(await addPlan.isDisabled()).toBe(true);
    const plans = page.getByRole('table', { name: 'Pricing plans' });
    await plans.getByText('1–50 seats: $5.00 per seat').waitFor();
    await plans.getByText('$480.00').waitFor();
    await expectNoAxeViolations(page, 'new bundle form');

    // An engine version that is not the latest asks first.
    const engine = page.getByLabel('Engine version');
    const latest = await engine.inputValue();
    await engine.fill('1.0.0');
    await publish.click();
    const confirm = page.getByRole('alertdialog', { name: 'Required API Version Not Latest' });
    await confirm.getByRole('button', { name: 'Whoops, no.' }).click();
    await engine.fill(latest);
    await publish.click();
    await page.waitForURL((u) => /^\/publisher\/bundles\/[0-9a-f-]{36}$/.test(u.pathname));
    const bundleId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { name: 'Focus Pack 2!', level: 1 }).waitFor();
    await page.getByText('Submitted', { exact: true }).first().waitFor();
    // Submitted: the publisher may withdraw it (Reject), not publish it yet.
    await page.getByRole('table', { name: 'Versions' }).getByRole('button', { name: 'Reject' }).waitFor();
    expect(await page.getByRole('table', { name: 'Versions' }).getByRole('button', { name: 'Publish', exact: true }).count()).toBe(0);
    const included = page.getByRole('table', { name: 'Included apps' });
    await included.getByText('Jira Connector').waitFor();
    await included.getByText('Standup Bot').waitFor();
    await page.getByRole('table', { name: 'Pricing plans' }).getByText('51–150 seats: $4.00 per seat').waitFor();
    expect(await page.getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'bundle detail');

    // Staff approve it, then publish it, from the admin bundle detail.
    const staff = await portal.page();
    await signInAs(staff, portal.server.base, /Daniel Kim/, '/publisher/admin/bundles');
    await staff.getByRole('heading', { name: 'Bundles', level: 1 }).waitFor();
    await staff.getByLabel('Search bundles').fill('focus');
    await staff.waitForURL(/q=focus/);
    await expectNoAxeViolations(staff, 'admin bundles list');
    await staff.getByRole('link', { name: 'Focus Pack 2!' }).click();
    await staff.waitForURL((u) => u.pathname === `/publisher/admin/bundles/${bundleId}`);
    const versions = staff.getByRole('table', { name: 'Versions' });
    await versions.waitFor();
    await staff.getByRole('table', { name: 'Bundled apps' }).getByText('Standup Bot').waitFor();
    await expectNoAxeViolations(staff, 'admin bundle detail');
    // No compile, no diagnostics for a bundle.
    expect(await versions.getByRole('button', { name: /Compile|Diagnostics/ }).count()).toBe(0);
    await versions.getByRole('button', { name: 'Approve' }).click();
    await staff.getByText('Focus Pack 2! v1.0.0 is approved!').first().waitFor();
    await versions.getByText('Approved', { exact: true }).waitFor();
    // Staff could publish it now; the publisher does, from the bundle's page.
    await versions.getByRole('button', { name: 'Publish', exact: true }).waitFor();
    const activity = staff.getByRole('table', { name: 'Activity log' });
    await activity.getByText('Approved v1.0.0 (was submitted).', { exact: true }).waitFor({ timeout: E2E_WAIT_MS });
    // An app's id is no bundle here either.
    await staff.goto(`${portal.server.base}/publisher/admin/bundles/${uuidOf('app:Jira Connector')}`);
    await staff.getByText('This bundle does not exist').waitFor();
    await staff.context().close();

    await page.reload();
    const own = page.getByRole('table', { name: 'Versions' });
    await own.getByText('Approved', { exact: true }).waitFor();
    await own.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published!').first().waitFor();
    await own.getByText('Published', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'bundle detail, published');

    // Each app's header names the bundle it is in.
    for (const app of ['Jira Connector', 'Standup Bot']) {
      await page.goto(`${portal.server.base}/publisher/apps/${uuidOf(`app:${app}`)}`);
      await page.getByRole('heading', { name: app, level: 1 }).waitFor();
      await page.getByText(/In .*Focus Pack 2!/).waitFor();
    }

    // A bundle opened as an app goes to its own page.
    await page.goto(`${portal.server.base}/publisher/apps/${bundleId}`);
    await page.waitForURL((u) => u.pathname === `/publisher/bundles/${bundleId}`);
    await page.getByRole('table', { name: 'Included apps' }).waitFor();

    // A submitted bundle can be withdrawn: Reject, with a reason.
    await page.goto(`${portal.server.base}/publisher/bundles/${uuidOf('bundle:Northwind Meeting Kit')}`);
    const kit = page.getByRole('table', { name: 'Versions' });
    await kit.getByRole('button', { name: 'Reject', exact: true }).click();
    const withdraw = page.getByRole('dialog', { name: /^Reject Northwind Meeting Kit v1\.0\.0/ });
    await withdraw.getByRole('button', { name: 'Reject', exact: true }).click();
    await withdraw.getByText('Please provide a reason for the rejection.').waitFor();
    await withdraw.getByLabel('Reason').fill('Waiting for the calendar app update.');
    await withdraw.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByText('Northwind Meeting Kit v1.0.0 is rejected!').first().waitFor();
    await expect.poll(() => kit.textContent(), { timeout: E2E_WAIT_MS }).toContain('Waiting for the calendar app update.');

    // An app is not a bundle: 'Invalid Bundle', back to the bundles.
    await page.goto(`${portal.server.base}/publisher/bundles/${uuidOf('app:Jira Connector')}`);
    await page.getByText('Invalid Bundle').first().waitFor();
    await page.getByText('We failed to present a bundle to you because it was not actually a bundle.').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/publisher/bundles');
    await page.context().close();
  });

  it('a publisher without bundles is turned away from every bundle screen', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Lars Eriksen/);
    await page.getByRole('navigation', { name: 'Publisher' }).getByText('Bundles').waitFor();
    for (const path of ['/publisher/bundles', '/publisher/new/bundle']) {
      await page.goto(`${portal.server.base}${path}`);
      await page.getByText('Bundle Creation not Available').first().waitFor();
      await page.waitForURL((u) => u.pathname === '/publisher/apps');
    }
    await page.context().close();
  });
});
