import type { Page } from 'playwright-core';

/** Filling the new-app wizard's steps the way a publisher does (each is safe to repeat on a revisit). */
export const fillWizard = {
  async details(page: Page) {
    for (const name of ['Productivity', 'English']) {
      // A checkbox card: its label is what a user clicks.
      if ((await page.getByRole('checkbox', { name }).getAttribute('aria-checked')) !== 'true') await page.getByText(name, { exact: true }).click();
    }
  },
  async pricingFree(page: Page) {
    await page.getByText('Free', { exact: true }).click();
  },
  async info(page: Page) {
    await page.getByLabel('Short description').fill('Async standups in your rooms');
    await page.getByLabel('Description', { exact: true }).fill('Runs daily standups with a slash command.');
    await page.getByLabel('Privacy Policy Summary').fill('Stores the answers in the workspace only.');
    await page.getByLabel('Documentation URL').fill('https://northwind.example/docs/wizard');
  },
};
