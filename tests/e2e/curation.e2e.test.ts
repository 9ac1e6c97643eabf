import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_TEXT } from '../../contract/schemas/catalog';
import { uuidOf } from '../../server/dev/seed/seed';
import { expectNoAxeViolations, signInAs, startPortal, E2E_WAIT_MS } from './browser';

let portal: Awaited<ReturnType<typeof startPortal>>;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal?.close());

describe('curating the marketplace in Chromium', () => {
  it('creates a category that the wizard’s details step offers at once', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Daniel Kim/, '/publisher/admin/categories');
    await page.getByRole('heading', { name: 'Categories', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Category' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Please state the title of the category').waitFor();
    await expectNoAxeViolations(page, 'new category modal');
    await dialog.getByLabel('Title').fill('Productivity');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('A category titled "Productivity" already exists.').waitFor();
    await dialog.getByLabel('Title').fill('Customer Success');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('table', { name: 'Categories' }).getByRole('rowheader', { name: 'Customer Success' }).waitFor();
    await page.context().close();

    const publisher = await portal.page();
    // The edit-details wizard's second step (App Details) of Weather Now's draft.
    const draft = createHash('sha256').update('version:Weather Now:0.1.0').digest('hex').slice(0, 24);
    await signInAs(publisher, portal.server.base, /Olivia Bennett/, `/publisher/edit-details/app/${uuidOf('app:Weather Now')}/${draft}/1`);
    await publisher.getByRole('checkbox', { name: 'Customer Success' }).waitFor();
    await publisher.context().close();
  });

  it('features a published app in a section, then removes it', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Daniel Kim/, '/publisher/admin/featured');
    await page.getByRole('heading', { name: 'Featured App Sections' }).waitFor();
    await page.getByRole('button', { name: 'Make Featured' }).click();
    const drawer = page.getByRole('dialog', { name: 'Mark App As Featured' });
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText('Select the App which will be featured.').waitFor();
    await drawer.getByText('The section slug is required in order to make it featured').waitFor();
    await expectNoAxeViolations(page, 'featured drawer');
    await drawer.getByLabel('Find an app').fill('stand');
    await drawer.getByRole('combobox', { name: 'App' }).click();
    await page.getByRole('option', { name: 'Standup Bot' }).click();
    await drawer.getByRole('combobox', { name: 'Section Slug' }).click();
    await page.getByRole('option', { name: 'trending' }).click();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully made the app featured.').first().waitFor();
    const trending = page.getByRole('region', { name: 'trending' });
    await trending.getByText('Standup Bot').waitFor();
    await expectNoAxeViolations(page, 'featured sections');
    await trending.getByRole('button', { name: 'Remove Standup Bot from trending' }).click();
    await trending.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('edits a template and watches its preview', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Sofia Rossi/, '/publisher/admin/emails');
    await page.getByRole('heading', { name: 'Email Templates' }).waitFor();
    await page.getByRole('button', { name: 'Edit version-approved' }).click();
    const drawer = page.getByRole('dialog', { name: 'Edit version-approved' });
    await drawer.getByText('Subject: Jira Connector 1.2.0 was approved').waitFor();
    await drawer.getByLabel('Subject').fill('Approved: {{ app.name }} by {{ publisher.name }}');
    await drawer.getByText('Subject: Approved: Jira Connector by Northwind Apps').waitFor();
    await drawer.getByLabel('Body').fill('<p>{% if x %}never closed</p>');
    await drawer.getByText(/The body does not parse at line 1, column 4/).waitFor();
    // HTML nested past the bound: the preview says so (no server error), and saving is refused on the field.
    await drawer.getByLabel('Body').fill('<div>'.repeat(3_000));
    const tooDeep = drawer.getByText(TEMPLATE_TEXT.tooDeep('body'));
    await tooDeep.first().waitFor();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await tooDeep.nth(1).waitFor();
    await drawer.getByLabel('Body').fill('<p>Well done, {{ developer.firstName }}.</p>');
    await expect
      .poll(() => drawer.frameLocator('iframe[title="Email preview"]').locator('body').textContent(), { timeout: E2E_WAIT_MS })
      .toContain('Well done, Olivia.');
    await expectNoAxeViolations(page, 'email template drawer');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Email Template Created/Updated').first().waitFor();
    await page.getByRole('table', { name: 'Email templates' }).getByText('Approved: {{ app.name }} by {{ publisher.name }}').waitFor();
    await page.context().close();
  });

  it('mails the publisher when a reviewer rejects a version: the message arrives in the outbox', async () => {
    const page = await portal.page();
    const kanban = uuidOf('app:Kanban Board');
    await signInAs(page, portal.server.base, /Daniel Kim/, `/publisher/admin/apps/${kanban}`);
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Cards vanish when a room is archived.');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByText('Kanban Board v1.0.0 is rejected!').first().waitFor();
    await page.context().close();

    const outbox = join(portal.server.config.dataDir, 'outbox');
    const files = () => {
      try {
        return readdirSync(outbox).filter((f) => f.endsWith('.eml'));
      } catch {
        return [];
      }
    };
    const rejections = async () =>
      (await Promise.all(files().map((f) => simpleParser(readFileSync(join(outbox, f)))))).filter((m) => m.subject === 'Changes needed for Kanban Board 1.0.0');
    await expect.poll(async () => (await rejections()).length, { timeout: E2E_WAIT_MS }).toBe(1);
    const [mail] = await rejections();
    expect(mail!.to && !Array.isArray(mail!.to) ? mail!.to.value[0]?.address : undefined).toBe('lars@fjordlabs.example');
    expect(mail!.text).toContain('Cards vanish when a room is archived.');
  });
});
