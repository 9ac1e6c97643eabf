import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidOf } from '../../server/dev/seed/seed';
import { pngImage } from '../fixtures/images';
import { dismissToast, expectNoAxeViolations, layoutProblems, signInAs, startPortal } from './browser';

/**
 * The app page's Listing section in Chromium (docs/packages-and-review.md, The listing): the publisher adds two
 * screenshots, moves one with the keyboard, captions it, removes the other and reads the Marketplace preview — at a
 * laptop's width and a phone's, with axe and the layout checks; a version waiting for review shows it read-only.
 */
let portal: Awaited<ReturnType<typeof startPortal>>;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal?.close());

const calendarSync = uuidOf('app:Calendar Sync');
const jira = uuidOf('app:Jira Connector');

const listingOf = (page: Page) => page.getByRole('region', { name: 'Listing' });
const shotsOf = (listing: Locator) => listing.getByRole('list', { name: 'Screenshots, in the order buyers see them' }).getByRole('listitem');
describe('the Listing section of an app’s page', () => {
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`adds, orders, captions and removes screenshots, and previews the page at ${viewport.width} px`, async () => {
      const page = await portal.page(viewport);
      await signInAs(page, portal.server.base, /Olivia Bennett/, `/publisher/apps/${calendarSync}`);
      const listing = listingOf(page);
      // The first run starts with none; the second with what the first left.
      if (viewport.width === 1366) await listing.getByText('No screenshots yet').waitFor();
      else await shotsOf(listing).first().waitFor();
      await expectNoAxeViolations(page, `the listing at ${viewport.width} px`);
      const before = viewport.width === 1366 ? 0 : await shotsOf(listing).count();

      await listing.getByLabel(/Add screenshots/).setInputFiles([
        { name: `board-${viewport.width}.png`, mimeType: 'image/png', buffer: pngImage(960, 540, [200, 40, 40]) },
        { name: `thread-${viewport.width}.png`, mimeType: 'image/png', buffer: pngImage(960, 540, [40, 160, 60]) },
      ]);
      await page.getByTestId('toast').getByText('2 screenshots added.').waitFor();
      await dismissToast(page, '2 screenshots added.');
      const total = before + 2;
      const board = `${before + 1} of ${total} · board-${viewport.width}.png`;
      await listing.getByText(board).waitFor();

      // The newer one first: focus its Move up and press Enter (the keyboard's way); the focus stays with it (on its
      // Move down once it is first, where Move up is disabled).
      const thread = shotsOf(listing).filter({ hasText: `thread-${viewport.width}.png` });
      await thread.getByRole('button', { name: 'Move up' }).focus();
      await page.keyboard.press('Enter');
      await listing.getByText(`${before + 1} of ${total} · thread-${viewport.width}.png`).waitFor();
      const focused = thread.getByRole('button', { name: before === 0 ? 'Move down' : 'Move up' });
      await expect(focused.evaluate((b) => b === document.activeElement)).resolves.toBe(true);

      // Its caption, saved with Enter.
      await thread.getByLabel('Caption').fill(`Threads at ${viewport.width} px`);
      await thread.getByLabel('Caption').press('Enter');
      await page.getByTestId('toast').getByText('Caption saved.').waitFor();
      await dismissToast(page, 'Caption saved.');

      // The other one removed, after the question.
      await shotsOf(listing)
        .filter({ hasText: `board-${viewport.width}.png` })
        .getByRole('button', { name: 'Remove' })
        .click();
      const dialog = page.getByRole('alertdialog', { name: 'Remove this screenshot?' });
      await expectNoAxeViolations(page, `the removal question at ${viewport.width} px`);
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await page.getByTestId('toast').getByText('Screenshot removed.').waitFor();
      await dismissToast(page, 'Screenshot removed.');
      await listing.getByText(`board-${viewport.width}.png`).waitFor({ state: 'detached' });

      // Saved: a reload shows the same order and caption.
      await page.reload();
      await listing.getByText(`${before + 1} of ${before + 1} · thread-${viewport.width}.png`).waitFor();
      await expect(thread.getByLabel('Caption').inputValue()).resolves.toBe(`Threads at ${viewport.width} px`);

      // The preview: the page Rocket.Chat's Marketplace shows, its screenshots one at a time.
      const preview = listing.getByRole('region', { name: 'Preview in Rocket.Chat’s Marketplace' });
      await preview.getByText('Calendar Sync', { exact: true }).first().waitFor();
      await preview.getByText(`1 of ${before + 1}`).waitFor();
      for (let i = 1; i <= before; i++) {
        await preview.getByRole('button', { name: 'Next screenshot' }).click();
        await preview.getByText(`${i + 1} of ${before + 1}`).waitFor();
      }
      await preview.getByRole('img', { name: `Threads at ${viewport.width} px` }).waitFor();
      await preview.getByRole('heading', { name: 'Description' }).waitFor();

      await expectNoAxeViolations(page, `the listing with screenshots at ${viewport.width} px`);
      expect(await layoutProblems(page), `the app page at ${viewport.width} px`).toEqual([]);
      await page.context().close();
    });
  }

  it('shows a version waiting for review read-only, with the reason', async () => {
    const page = await portal.page({ width: 390, height: 844 });
    await signInAs(page, portal.server.base, /Olivia Bennett/, `/publisher/apps/${jira}`);
    const listing = listingOf(page);
    await listing.getByText('Jira Connector v1.1.0 is author approved: its details can no longer change. Upload an update to change them.').waitFor();
    await expect(listing.getByRole('button', { name: 'Choose files' }).count()).resolves.toBe(0);
    await expect(listing.getByRole('link', { name: 'Edit listing' }).count()).resolves.toBe(0);
    await expectNoAxeViolations(page, 'a read-only listing at 390 px');
    expect(await layoutProblems(page), 'a read-only listing at 390 px').toEqual([]);
    await page.context().close();
  });
});
