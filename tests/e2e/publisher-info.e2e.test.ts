import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, signInAs, startPortal, E2E_WAIT_MS } from './browser';

let portal: Awaited<ReturnType<typeof startPortal>>;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal?.close());

describe('the publisher profile in Chromium', () => {
  it('lets an owner add someone of the account and change their role', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Olivia Bennett/, '/publisher/info');
    await page.getByRole('heading', { name: 'Publisher Profile', level: 1 }).waitFor();
    await page
      .getByRole('table', { name: 'Developers' })
      .getByRole('rowheader', { name: /Marcus Chen/ })
      .waitFor();
    await page.getByText('$1,843.20').waitFor();
    await expectNoAxeViolations(page, 'publisher profile');

    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByText('Please select the user to add.').waitFor();
    await dialog.getByText('Please select what role the new user should be.').waitFor();
    await expectNoAxeViolations(page, 'add user modal');
    await dialog.getByRole('combobox', { name: 'User' }).click();
    // Already added: shown, not selectable; someone of another account: not offered at all.
    expect(await page.getByRole('option', { name: /Olivia Bennett/ }).getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByRole('option', { name: /Elena Petrova/ }).count()).toBe(0);
    await page.getByRole('option', { name: /Noah Williams/ }).click();
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Developer' }).click();
    await dialog.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Successfully added!').first().waitFor();
    const noah = page.getByRole('row', { name: /Noah Williams/ });
    await noah.getByText('Developer').waitFor();

    await noah.getByRole('button', { name: /Change Role/ }).click();
    const change = page.getByRole('dialog', { name: 'Change Role' });
    await change.getByRole('radio', { name: /Viewer/ }).click();
    await change.getByRole('button', { name: 'Save' }).click();
    await noah.getByText('Viewer').waitFor();

    // The last owner keeps the role: the server says why.
    await page
      .getByRole('row', { name: /Olivia Bennett/ })
      .getByRole('button', { name: /Change Role/ })
      .click();
    await change.getByRole('radio', { name: /Viewer/ }).click();
    await change.getByRole('button', { name: 'Save' }).click();
    await change.getByText('A publisher needs at least one owner: make someone else an owner first.').waitFor();
    await page.context().close();
  });

  it('connects the payment provider through the sandbox onboarding and comes back to the profile', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Lars Eriksen/, '/publisher/info');
    await page.getByText('Not connected').waitFor();
    await page.getByRole('button', { name: 'Connect Stripe' }).click();
    await page.waitForURL(/\/dev-payments\/onboard/);
    await page.getByLabel('Business name').fill('Fjord Labs AS');
    await page.getByRole('button', { name: 'Connect account' }).click();
    await page.waitForURL((u) => u.pathname === '/publisher/info', { timeout: E2E_WAIT_MS });
    // Confirmed, and only the dashboard is offered from now on.
    await page.getByTestId('toast').getByText('Stripe is connected: buyers can pay for your paid apps now.').waitFor();
    await page.getByText(/^acct_sbx_/).waitFor();
    expect(await page.getByRole('button', { name: 'Connect Stripe' }).count()).toBe(0);
    // The dashboard opens in a new tab; the portal stays where it was.
    const [dashboard] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Stripe Dashboard' }).click()]);
    await dashboard.waitForURL(/\/dev-payments\/dashboard/);
    await dashboard.getByRole('heading', { name: 'Fjord Labs AS' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/publisher/info');
    await page.context().close();
  });

  it('shows the 500 page when the state does not match', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Olivia Bennett/, '/publisher/info');
    await page.getByRole('heading', { name: 'Publisher Profile', level: 1 }).waitFor();
    await page.goto(`${portal.server.base}/publisher/oauth/stripe?code=abc&state=not-the-stored-one`);
    await page.getByRole('heading', { name: 'Internal Error' }).waitFor();
    await page.getByRole('button', { name: 'Go Home' }).click();
    await page.waitForURL((u) => u.pathname === '/publisher/apps');
    await page.context().close();
  });
});
