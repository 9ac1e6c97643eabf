import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { expectNoAxeViolations, signInAs, startPortal, E2E_WAIT_MS } from './browser';
import { fillWizard, nextStep } from './wizard-steps';

let portal: Awaited<ReturnType<typeof startPortal>>;
beforeAll(async () => {
  portal = await startPortal({ compiler: 'real' });
});
afterAll(() => portal?.close());

const COMPILE_WAIT_MS = E2E_WAIT_MS;

/**
 * New App → the wizard: Upload (the package uploads), Details, Pricing (free), App Info (no screenshots);
 * then, instead of submitting there, the app's detail.
 */
async function uploadNewApp(page: Page, name: string, data: Buffer) {
  await page.getByRole('link', { name: 'New App' }).click();
  await page.getByRole('heading', { name: 'Publish a New App' }).waitFor();
  await expect(page.getByRole('button', { name: 'Next' }).isDisabled()).resolves.toBe(true);
  await page.getByLabel('App package (.zip)').setInputFiles({ name: `${name}.zip`, mimeType: 'application/zip', buffer: data });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/\/publisher\/new-extended\/app\/[0-9a-f-]{36}\/[0-9a-f]{24}\/1$/);
  const appId = /app\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  await fillWizard.details(page);
  await nextStep(page, 'Pricing Information');
  await fillWizard.pricingFree(page);
  await nextStep(page, 'App Info');
  await fillWizard.info(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('alertdialog', { name: 'No Screenshots Provided' }).getByRole('button', { name: 'Yes' }).click();
  await page.getByRole('heading', { level: 2, name: 'Submit for Review' }).waitFor();
  await page.goto(`${portal.server.base}/publisher/apps/${appId}`);
}

describe('the whole publish loop in Chromium', () => {
  it('upload → compile → the publisher approves → a reviewer approves → the publisher publishes → unpublishes', async () => {
    const publisher = await portal.page();
    await signInAs(publisher, portal.server.base, /Olivia Bennett/);
    await publisher.getByRole('heading', { name: 'Apps' }).waitFor();

    // A file that is not a zip is refused before anything is sent.
    await publisher.getByRole('link', { name: 'New App' }).click();
    await publisher.getByLabel('App package (.zip)').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await publisher.getByText('Choose one .zip file: the app package.').waitFor();
    await expectNoAxeViolations(publisher, 'upload step');
    // A zip the server refuses shows '{error} ({code})', and the wizard stays on the step.
    await publisher
      .getByLabel('App package (.zip)')
      .setInputFiles({ name: 'empty.zip', mimeType: 'application/zip', buffer: zip({ 'README.md': 'no app here' }) });
    await publisher.getByRole('button', { name: 'Next' }).click();
    await publisher.getByText('The package has no app.json at its root. (manifest_missing)').waitFor();
    await publisher.getByRole('link', { name: 'Apps', exact: true }).first().click();

    await uploadNewApp(publisher, 'standup-helper', zip(fixtureFiles('standup-helper')));
    await publisher.getByRole('heading', { name: 'Standup Helper' }).waitFor();
    const versions = publisher.getByRole('table', { name: 'Versions' });
    // The detail reloads every 10 s: the compile result arrives without a page reload.
    await versions.getByText('Compiled', { exact: true }).waitFor({ timeout: COMPILE_WAIT_MS });
    await publisher.getByRole('table', { name: 'Compile jobs' }).getByText('succeeded').waitFor();
    await versions.getByRole('button', { name: 'Submit for review' }).click();
    await versions.getByText('Author approved').waitFor();

    const reviewer = await portal.page();
    await signInAs(reviewer, portal.server.base, /Daniel Kim/, '/publisher/admin/apps');
    await reviewer.getByRole('heading', { name: 'Apps' }).waitFor();
    await reviewer.getByLabel('Search apps').fill('standup help');
    await reviewer.waitForURL(/q=standup/);
    await expectNoAxeViolations(reviewer, 'admin apps list');
    await reviewer.getByRole('link', { name: 'Standup Helper' }).click();
    const staffVersions = reviewer.getByRole('table', { name: 'Versions' });
    await staffVersions.waitFor();
    await expectNoAxeViolations(reviewer, 'admin app detail');

    // Review needs a note; cancel it and approve instead.
    await staffVersions.getByRole('button', { name: 'Review', exact: true }).click();
    const review = reviewer.getByRole('dialog');
    await review.getByRole('button', { name: 'Send review' }).click();
    await review.getByText('Please write the changes you ask of the publisher.').waitFor();
    await review.getByRole('button', { name: 'Cancel' }).click();
    await staffVersions.getByRole('button', { name: 'Approve' }).click();
    await reviewer.getByText('Standup Helper v1.0.0 is approved!').first().waitFor();
    await staffVersions.getByText('Approved', { exact: true }).waitFor();

    // The compiled package downloads through the secret link, in a new tab.
    const served = reviewer.context().waitForEvent('response', (r) => r.url().includes('/files/') && r.status() === 200);
    await staffVersions.getByRole('button', { name: 'Download the compiled package of v1.0.0' }).click();
    expect((await served).headers()['content-disposition']).toBe('attachment; filename="standup-helper-1.0.0-compiled.zip"');
    const activity = reviewer.getByRole('table', { name: 'Activity log' });
    await activity.getByText('Downloaded the compiled package of v1.0.0.', { exact: true }).waitFor({ timeout: E2E_WAIT_MS });
    await activity.getByText('Approved v1.0.0 (was author approved).', { exact: true }).waitFor();
    await activity.getByText('Daniel Kim').first().waitFor();

    await publisher.reload();
    await versions.getByRole('button', { name: 'Publish', exact: true }).click();
    await publisher.getByText('Published!').first().waitFor();
    await versions.getByText('Published', { exact: true }).waitFor();
    await versions.getByRole('button', { name: 'Unpublish' }).click();
    await publisher.getByText('Unpublished!').first().waitFor();
    await versions.getByText('Unpublished', { exact: true }).waitFor();
    await publisher.context().close();
    await reviewer.context().close();
  });

  it('shows the diagnostics of a broken package with file:line:character', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Olivia Bennett/);
    const files = withManifest(fixtureFiles('standup-helper'), {
      id: '1d7e5c3a-9b8f-4e21-a6d4-3c2b1a0f9e87',
      nameSlug: 'standup-broken',
      name: 'Standup Broken',
    });
    const cmd = new TextDecoder().decode(files['commands/StandupCommand.ts'] as Uint8Array);
    files['commands/StandupCommand.ts'] = cmd.replace('const text = [', "const count: number = 'three';\n        const text = [");
    // Sixty more errors in a second file: the list must scroll inside the dialog, within the viewport.
    files['lib/many.ts'] = Array.from({ length: 60 }, (_, i) => `export const n${i}: number = 'x${i}';`).join('\n');
    await uploadNewApp(page, 'standup-broken', zip(files));
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.getByText('Compiler error').waitFor({ timeout: COMPILE_WAIT_MS });
    await versions.getByRole('button', { name: 'View Diagnostics' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/reported 61 problems for this version/).waitFor();
    const first = dialog.getByRole('region', { name: 'commands/StandupCommand.ts' });
    await first.getByText('commands/StandupCommand.ts:17:15').waitFor();
    await first.getByText("Type 'string' is not assignable to type 'number'.").waitFor();
    const many = dialog.getByRole('region', { name: 'lib/many.ts' });
    expect(await many.getByRole('listitem').count()).toBe(60);
    const viewport = page.viewportSize()!;
    const box = (await dialog.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    const close = (await dialog.getByRole('button', { name: 'Close' }).boundingBox())!;
    expect(close.y + close.height).toBeLessThanOrEqual(viewport.height);
    // The last line is reached by scrolling the list, by keyboard too.
    const list = dialog.getByRole('region', { name: 'Diagnostics by file' });
    await list.focus();
    await page.keyboard.press('End');
    const last = many.getByText('lib/many.ts:60:14');
    await expect
      .poll(async () => {
        const [item, area] = [await last.boundingBox(), await list.boundingBox()];
        return item !== null && area !== null && item.y >= area.y && item.y + item.height <= area.y + area.height + 1;
      })
      .toBe(true);
    await expectNoAxeViolations(page, 'diagnostics of an upload');
    await page.context().close();
  });

  it('lists compile jobs for staff and keeps the admin apps list usable at a narrow width', async () => {
    const page = await portal.page({ width: 390, height: 844 });
    await signInAs(page, portal.server.base, /Daniel Kim/, '/publisher/admin/jobs');
    const jobs = page.getByRole('table', { name: 'Compile jobs' });
    await jobs.getByRole('link', { name: 'View App: Poll Master v0.9.0' }).waitFor();
    await expectNoAxeViolations(page, 'compile jobs list (narrow)');
    await page.goto(`${portal.server.base}/publisher/admin/apps`);
    await page.getByRole('table', { name: 'Apps' }).waitFor();
    await expect(page.getByRole('navigation', { name: 'Publisher' }).isVisible()).resolves.toBe(false);
    await expectNoAxeViolations(page, 'admin apps list (narrow)');
    await page.context().close();
  });

  it('sends a publisher without a staff role back with "Invalid Access Level"', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Olivia Bennett/, '/publisher/admin/apps');
    await page.getByText('Invalid Access Level').first().waitFor();
    await page.waitForURL(/\/publisher\/apps(\?page=1)?$/);
    await page.context().close();
  });
});
