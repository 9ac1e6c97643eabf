import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPublishers } from '../../server/dev/seed/seed-data';
import { expectNoAxeViolations, signInAs, startPortal, E2E_WAIT_MS } from './browser';

let portal: Awaited<ReturnType<typeof startPortal>>;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal?.close());

const fjord = demoPublishers.find((p) => p.key === 'fjord')!.id;
const northwind = demoPublishers.find((p) => p.key === 'northwind')!.id;

describe('staff manage publishers in Chromium', () => {
  it('finds a publisher and edits its flags: the publisher’s sidebar follows', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Sofia Rossi/, '/publisher/admin/publishers');
    await page.getByRole('heading', { name: 'Publishers', level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Search publishers' }).or(page.getByLabel('Search publishers')).first().fill('fjord');
    await page.waitForURL((u) => u.searchParams.get('q') === 'fjord');
    const table = page.getByRole('table', { name: 'Publishers' });
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await expectNoAxeViolations(page, 'publishers list');
    await table.getByRole('button', { name: 'Edit Fjord Labs' }).click();
    const drawer = page.getByRole('dialog', { name: 'Edit Publisher' });
    await drawer.getByLabel('Name').fill('');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText('Name is required.').waitFor();
    await expectNoAxeViolations(page, 'edit publisher drawer');
    await drawer.getByLabel('Name').fill('Fjord Labs AS');
    await drawer.getByRole('switch', { name: 'Can create bundles' }).click();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Publisher saved.').first().waitFor();
    await table.getByRole('rowheader', { name: 'Fjord Labs AS' }).waitFor();
    await page.context().close();

    // The publisher's own portal: its sidebar names it anew, and its account carries the flag.
    const lars = await portal.page();
    await signInAs(lars, portal.server.base, /Lars Eriksen/, '/publisher/apps');
    await lars.getByRole('complementary').or(lars.locator('body')).getByText('Fjord Labs AS').first().waitFor();
    const token = await lars.evaluate(() => localStorage.getItem('portal.token'));
    const res = await portal.server.request('GET', '/v1/publisher', { token: token! });
    expect(res.json).toMatchObject({ name: 'Fjord Labs AS', canCreateBundles: true, canCreatePaidApps: false });
    await lars.context().close();
  });

  it('emails a publisher (into the outbox) and pays it out, the expected arrival shown', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Sofia Rossi/, `/publisher/admin/publishers/${northwind}`);
    await page.getByRole('heading', { name: 'Northwind Integrations', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Developers' }).getByRole('rowheader', { name: 'Olivia Bennett' }).waitFor();
    await expectNoAxeViolations(page, 'admin publisher profile');

    await page.getByRole('button', { name: 'Contact' }).click();
    const contact = page.getByRole('dialog', { name: 'Contact Publisher' });
    await contact.getByRole('button', { name: 'Send' }).click();
    await contact.getByText('Subject is required.').waitFor();
    await contact.getByText('Content is required.').waitFor();
    await contact.getByLabel('Subject').fill('Your payout details');
    await contact.getByLabel('Content').fill('Hello {{ developer.firstName }}, please check your payout details.');
    await contact.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Email successfully sent to: Northwind Integrations!').first().waitFor();
    const outbox = join(portal.server.config.dataDir, 'outbox');
    const files = () => {
      try {
        return readdirSync(outbox).filter((f) => f.endsWith('.eml'));
      } catch {
        return [];
      }
    };
    await expect
      .poll(
        async () => {
          const mails = await Promise.all(files().map((f) => simpleParser(readFileSync(join(outbox, f)))));
          return mails.some((m) => m.subject === 'Your payout details' && (m.text ?? '').includes('Hello Olivia'));
        },
        { timeout: E2E_WAIT_MS },
      )
      .toBe(true);

    await page.getByRole('button', { name: 'Payout' }).click();
    const payout = page.getByRole('dialog', { name: 'Payout' });
    await payout.getByLabel('Amount (USD)').fill('5');
    await payout.getByRole('button', { name: 'Pay out' }).click();
    await payout.getByText('The minimum payout is 10.').waitFor();
    await payout.getByLabel('Amount (USD)').fill('100');
    await payout.getByRole('button', { name: 'Pay out' }).click();
    await payout.getByText(/Expected to arrive on/).waitFor();
    await payout.getByRole('button', { name: 'Done' }).click();
    await page.getByText('$1,743.20').waitFor();
    await page.context().close();
  });

  it('offers no payout to a publisher without a connected account', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Sofia Rossi/, `/publisher/admin/publishers/${fjord}`);
    await page.getByRole('heading', { name: /Fjord Labs/, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Contact' }).waitFor();
    expect(await page.getByRole('button', { name: 'Payout' }).count()).toBe(0);
    await page.context().close();
  });
});
