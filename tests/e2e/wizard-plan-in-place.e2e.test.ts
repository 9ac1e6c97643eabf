import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { dismissToast, expectNoAxeViolations, layoutProblems, signInAs, startPortal, E2E_WAIT_MS } from './browser';
import { fillWizard, nextStep } from './wizard-steps';

let portal: Awaited<ReturnType<typeof startPortal>>;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal?.close());

describe('the wizard’s pricing step in Chromium', () => {
  it('a publisher with paid apps makes a subscription plan in place (keyboard, axe, 390 px) and chooses it', async () => {
    const page = await portal.page();
    // Olivia Bennett owns Northwind Integrations, which may sell (seed: paid).
    await signInAs(page, portal.server.base, /Olivia Bennett/, '/publisher/new-extended/app');
    await page.getByRole('heading', { level: 2, name: 'Upload App Package' }).waitFor();
    const files = withManifest(fixtureFiles('standup-helper'), {
      id: '7e1d2c3b-4a59-4f68-9b7a-0c1d2e3f4a5b',
      nameSlug: 'standup-plans',
      name: 'Standup Plans',
    });
    await page.getByLabel('App package (.zip)').setInputFiles({ name: 'standup-plans.zip', mimeType: 'application/zip', buffer: zip(files) });
    await nextStep(page, 'App Details');
    const appId = /app\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
    await fillWizard.details(page);
    await nextStep(page, 'Pricing Information');

    // Subscription, and the app has no plan yet: the step offers to make one, here.
    await page.getByText('Subscription', { exact: true }).click();
    await page.getByText('This app has no subscription plans yet: make one with New pricing plan.').waitFor();
    await expectNoAxeViolations(page, 'pricing step, no plan yet');

    // By keyboard: Tab from the plan choice reaches New pricing plan, Enter opens the drawer with the focus in it.
    const plan = page.getByRole('combobox', { name: 'Pricing plan' });
    const open = page.getByRole('button', { name: 'New pricing plan' });
    await plan.focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => open.evaluate((el) => el === document.activeElement), { timeout: E2E_WAIT_MS }).toBe(true);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'New pricing plan' });
    await drawer.waitFor();
    await expect.poll(() => drawer.evaluate((el) => el.contains(document.activeElement)), { timeout: E2E_WAIT_MS }).toBe(true);
    await drawer.getByLabel('Plan name').fill('Team');
    await drawer.getByLabel('Monthly price (USD)').fill('4');
    await drawer.getByLabel('Yearly price (USD)').fill('40');
    await expectNoAxeViolations(page, 'new pricing plan drawer in the wizard');
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();

    // Created: the step is still here, the plan offered and chosen, the focus back on the button.
    await page.getByText('New Price Created Successfully').first().waitFor();
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 2, name: 'Pricing Information' }).waitFor();
    expect(page.url()).toMatch(new RegExp(`/publisher/new-extended/app/${appId}/[0-9a-f]{24}/2$`));
    await expect.poll(() => plan.textContent(), { timeout: E2E_WAIT_MS }).toContain('Team · $4.00 monthly');
    await expect.poll(() => open.evaluate((el) => el === document.activeElement), { timeout: E2E_WAIT_MS }).toBe(true);
    await dismissToast(page, 'New Price Created Successfully');
    await plan.click();
    await page.getByRole('option', { name: 'Team · $4.00 monthly' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await expectNoAxeViolations(page, 'pricing step, plan chosen');

    // At 390 px: the step and the drawer fit; Escape closes the untouched drawer, the focus back on its button.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await layoutProblems(page), 'the pricing step at 390 px').toEqual([]);
    await open.click();
    await drawer.waitFor();
    expect(await layoutProblems(page), 'the drawer at 390 px').toEqual([]);
    expect(await drawer.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, 'new pricing plan drawer at 390 px');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => open.evaluate((el) => el === document.activeElement), { timeout: E2E_WAIT_MS }).toBe(true);
    await page.setViewportSize({ width: 1280, height: 860 });

    // Next: the plan is the app's price already, so the wizard moves on; the app page lists it.
    await nextStep(page, 'App Info');
    await page.goto(`${portal.server.base}/publisher/apps/${appId}`);
    await page.getByRole('table', { name: 'Prices' }).getByText('Team · $4.00 monthly · $40.00 yearly').waitFor();
    await page.context().close();
  });
});
