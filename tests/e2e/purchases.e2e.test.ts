import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, signInAs, startPortal } from './browser';

let portal: Awaited<ReturnType<typeof startPortal>>;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal?.close());

const hex = (v: string) => createHash('sha256').update(v).digest('hex').slice(0, 24);
const acmeHq = hex('ws:acme-hq');
/** The demo's per-seat Standup Bot subscription of Acme HQ, billed by the marketplace (35 of 50 seats). */
const standupAcme = hex('purchase:2');
const inputDate = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T10:00`;
};

describe('staff manage purchase records in Chromium', () => {
  it('creates a per-seat subscription, opens it from its URL, edits its seats and deletes it', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Hannah Weber/, '/publisher/admin/purchases');
    await page.getByRole('heading', { name: /^Purchase Records \(\d+\)$/, level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Purchase records' }).getByRole('rowheader').first().waitFor();
    await expectNoAxeViolations(page, 'purchase records');

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Create Purchase Record' });
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText('Select the App which will be marked as purchased.').waitFor();
    await drawer.getByText('A valid Workspace ID is required.').waitFor();
    expect(await drawer.getByRole('switch', { name: 'Externally Managed' }).isDisabled()).toBe(true);
    await drawer.getByLabel('Find an app').fill('Standup');
    await drawer.getByText(/^1 apps match/).waitFor();
    await drawer.getByRole('combobox', { name: 'App' }).click();
    await page.getByRole('option', { name: /^Standup Bot/ }).click();
    await drawer.getByRole('group', { name: 'Subscription Info' }).waitFor();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText('Please input the plan which should be used').waitFor();
    expect(await drawer.getByLabel('Seats').isDisabled()).toBe(true);
    await drawer.getByRole('combobox', { name: 'Plan' }).click();
    await page.getByRole('option', { name: 'Monthly (per seat)' }).click();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText('Please input the number of seats').waitFor();
    await expectNoAxeViolations(page, 'create purchase record drawer');
    await drawer.getByLabel('Seats').fill('12');
    await drawer.getByLabel('Workspace ID').fill(acmeHq);
    await drawer.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL(/\/publisher\/admin\/purchases\/[0-9a-f]{24}/);
    const url = page.url();
    const info = page.getByRole('dialog', { name: 'Purchase Record Information' });
    await info.getByText('12/50').waitFor();
    // Opened from its URL alone.
    await page.goto(url);
    await info.getByText('Acme HQ').waitFor();
    await info.getByText('12/50').waitFor();
    await expectNoAxeViolations(page, 'purchase record information');

    await info.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Subscription' });
    await edit.getByLabel('Seats').fill('60');
    await expectNoAxeViolations(page, 'edit subscription');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Purchase record updated.').first().waitFor();
    await info.getByText('60/150').waitFor();
    await info.getByText('$210.00').waitFor();

    await info.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this purchase record?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('purchase record successfully removed').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/publisher/admin/purchases');
    const id = url.split('/').pop()!.split('?')[0]!;
    expect((await portal.server.request('GET', `/v1/admin/purchases/${id}`, { token: await portal.server.signIn('support') })).status).toBe(404);

    await page.goto(`${portal.server.base}/publisher/admin/purchases/no-such-record`);
    await page.getByText('Invalid purchase record id provided.').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/publisher/admin/purchases');
    await page.context().close();
  });

  it('converts a marketplace subscription to externally managed once the period end is set', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Hannah Weber/, `/publisher/admin/purchases/${standupAcme}`);
    const info = page.getByRole('dialog', { name: 'Purchase Record Information' });
    await info.getByText('35/50').waitFor();
    expect(await info.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await info.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Subscription' });
    expect(await edit.getByLabel('Period End').isDisabled()).toBe(true);
    await edit.getByRole('switch', { name: 'Externally Managed' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('Set the period end to convert to externally managed.').waitFor();
    await edit.getByLabel('Period End').fill(inputDate(45));
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Purchase record updated.').first().waitFor();
    const managed = info.getByText('Externally managed').locator('..');
    await expect.poll(() => managed.textContent()).toContain('Yes');
    // Now deletable (externally managed), and the switch never goes back.
    expect(await info.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(false);
    await info.getByRole('button', { name: 'Edit' }).click();
    expect(await edit.getByRole('switch', { name: 'Externally Managed' }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it('the publisher sees a new purchase at the top of its purchases', async () => {
    const support = await portal.server.signIn('support');
    const jira = (await portal.server.request('GET', '/v1/admin/apps?q=Jira', { token: support })).json.data[0].appId;
    const made = await portal.server.request('POST', '/v1/admin/purchases', {
      token: support,
      body: { appId: jira, workspaceId: acmeHq, externallyManaged: true, planId: '', seats: 0, addonTierId: '', periodEnd: new Date().toISOString() },
    });
    expect(made.status).toBe(201);
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Olivia Bennett/, '/publisher/purchases');
    await page.getByRole('heading', { name: 'Purchases', level: 1 }).waitFor();
    const first = page.getByRole('table', { name: 'Purchases' }).getByRole('row').nth(1);
    await expect.poll(() => first.textContent()).toContain('Jira Connector');
    expect(await first.textContent()).toContain('$4.99 one-time');
    await expectNoAxeViolations(page, 'publisher purchases');
    await page.context().close();
  });
});

describe('workspace lookup in Chromium', () => {
  it('an admin looks a workspace up; a wrong id goes back to the lookup', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Sofia Rossi/, '/publisher/admin/workspace');
    const lookup = page.getByRole('dialog', { name: 'Please enter a workspace id' });
    await lookup.getByRole('button', { name: 'View' }).click();
    await lookup.getByText('Invalid workspace id provided.').first().waitFor();
    await expectNoAxeViolations(page, 'workspace lookup');
    const input = lookup.getByLabel('Workspace ID');
    await input.fill('no-such-workspace');
    await expect.poll(() => input.inputValue()).toBe('no-such-workspace');
    await input.press('Enter');
    await page.getByText('Invalid workspace id. No workspace found by the provided id.').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/publisher/admin/workspace');
    await lookup.getByLabel('Workspace ID').fill(acmeHq);
    await lookup.getByRole('button', { name: 'View' }).click();
    await page.getByRole('heading', { name: 'Workspace: Acme HQ', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Purchase records of the workspace' });
    await table.getByRole('rowheader').first().waitFor();
    await table
      .getByRole('button', { name: /^Details of/ })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Purchase Record Information' }).getByText('Acme HQ').waitFor();
    await expectNoAxeViolations(page, 'workspace purchases');
    await page.context().close();
  });

  it('turns a reviewer away with Invalid User Role', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Daniel Kim/, '/publisher/admin/workspace');
    await page.getByText('Invalid User Role').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/publisher/apps');
    await page.context().close();
  });
});
