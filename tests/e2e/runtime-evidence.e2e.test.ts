// Runtime evidence on the screens where people decide (docs/packages-and-review.md, Runtime evidence), in Chromium
// against the real portal whose compile worker starts every version in Apps-Engine: a reviewer reads what a polling
// app adds to a workspace; its publisher sees the same before submitting; a version whose constructor throws shows
// where, why and the app's own frame. Each screen passes axe and fits 390 px.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { expectNoAxeViolations, layoutProblems, signInAs, startPortal, E2E_WAIT_MS } from './browser';

let portal: Awaited<ReturnType<typeof startPortal>>;
let owner: string;
type Made = { appId: string; internalId: string; version: string };
let poll: Made;
let crash: Made;

async function uploaded(fixture: string, name: string): Promise<Made> {
  const files = withManifest(fixtureFiles(fixture), { id: randomUUID(), name, nameSlug: name.toLowerCase().replace(/\s+/g, '-') });
  const made = await portal.server.upload('POST', '/v1/publisher/apps', owner, [{ field: 'app', filename: 'app.zip', data: zip(files) }]);
  expect(made.status, made.text).toBe(201);
  const app = await portal.server.settled(owner, made.json.appId);
  return { appId: made.json.appId, internalId: app.latest.internalId, version: app.latest.version };
}

beforeAll(async () => {
  portal = await startPortal({ runtime: 'real' });
  owner = await portal.server.signIn('owner');
  poll = await uploaded('poll-board', 'Runtime Poll Board');
  crash = await uploaded('constructor-crash', 'Runtime Region Clock');
});
afterAll(() => portal?.close());

const section = (page: Awaited<ReturnType<typeof portal.page>>, m: Made) => page.getByRole('region', { name: `How v${m.version} starts in Apps-Engine` });

describe('what a version does when started in Apps-Engine, in Chromium', () => {
  it('the reviewer reads that it starts and what it adds: its slash command, endpoint, buttons and settings', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Daniel Kim/, `/publisher/admin/apps/${poll.appId}`);
    const evidence = section(page, poll);
    await evidence.getByText(/^Starts in Apps-Engine 1\.53 \(Deno\) in \d+(\.\d)? m?s$/).waitFor({ timeout: E2E_WAIT_MS });
    await evidence.getByRole('heading', { name: 'What this app adds' }).waitFor();
    await evidence.getByText('/poll', { exact: true }).waitFor();
    await evidence.getByText(`POST /api/apps/public/${poll.appId}/vote`).waitFor();
    await evidence.getByText('poll_close').first().waitFor();
    await evidence.getByText('poll_default_duration').first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, 'the admin app page with its runtime evidence');
    await page.context().close();
  });

  it('the publisher sees a version that does not start: where, why and its own frame; at 390 px too', async () => {
    for (const viewport of [undefined, { width: 390, height: 844 }]) {
      const page = await portal.page(viewport);
      await signInAs(page, portal.server.base, /Olivia Bennett/, `/publisher/apps/${crash.appId}`);
      const evidence = section(page, crash);
      await evidence.getByText('Does not start in Apps-Engine 1.53 (Deno)').waitFor({ timeout: E2E_WAIT_MS });
      await evidence.getByText('Missing region table: call loadRegions() first').waitFor();
      const frames = evidence.getByRole('region', { name: /frames/i });
      await expect.poll(() => frames.textContent(), { timeout: E2E_WAIT_MS }).toMatch(/at regionConfig \(RegionClockApp\.js:\d+:\d+\)/);
      await page.waitForLoadState('networkidle');
      if (viewport) expect(await layoutProblems(page), 'the app page with a version that does not start, at 390 px').toEqual([]);
      await expectNoAxeViolations(page, `the app page with a version that does not start${viewport ? ' at 390 px' : ''}`);
      await page.context().close();
    }
  });

  it('the wizard’s submission step shows what the app adds before it is submitted, at 390 px', async () => {
    const page = await portal.page({ width: 390, height: 844 });
    await signInAs(page, portal.server.base, /Olivia Bennett/, `/publisher/new-extended/app/${poll.appId}/${poll.internalId}/4`);
    await page.getByRole('heading', { name: 'What this app adds' }).first().waitFor({ timeout: E2E_WAIT_MS });
    await page.getByText('/poll', { exact: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await layoutProblems(page), 'the submission step with what the app adds, at 390 px').toEqual([]);
    await expectNoAxeViolations(page, 'the submission step with what the app adds');
    await page.context().close();
  });
});
