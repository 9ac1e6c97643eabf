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

/**
 * Next, then the step titled `heading`. A step that stays (a refused save, a field the form still wants) is
 * reported with what it says, rather than as a bare time-out.
 */
export async function nextStep(page: Page, heading: string) {
  await page.getByRole('button', { name: 'Next' }).click();
  try {
    await page.getByRole('heading', { level: 2, name: heading }).waitFor();
  } catch (e) {
    const said = await page
      .getByRole('alert')
      .allTextContents()
      .catch(() => []);
    const step = await page
      .getByRole('heading', { level: 2 })
      .allTextContents()
      .catch(() => []);
    throw new Error(`Next did not lead to "${heading}": at ${page.url()}, step ${JSON.stringify(step)}, saying ${JSON.stringify(said)}`, { cause: e });
  }
}
