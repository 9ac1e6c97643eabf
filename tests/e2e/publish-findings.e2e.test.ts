// The publish checks' findings and review notes the publisher can act on (docs/packages-and-review.md), in Chromium against the real
// portal: three apps of Olivia's are uploaded through the API and compiled, then their compile jobs' findings are set in
// the database (as tests/api/review-queue.test.ts does). The wizard's submission step of the one whose finding blocks
// shows it and disables Submit with its reason; the app detail of a submitted one shows where it stands in review; a
// reviewer rejects the third citing a finding and a line of its files, and its publisher reads both beside the note.
// Each screen passes axe and fits 390 px.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFinding } from '../../contract/schemas/review';
import { appVersions, compileJobs } from '../../server/db/schema';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { expectNoAxeViolations, layoutProblems, signInAs, startPortal, E2E_WAIT_MS } from './browser';

let portal: Awaited<ReturnType<typeof startPortal>>;
let owner: string;
type Made = { appId: string; internalId: string; version: string };
let blocked: Made;
let waiting: Made;
let cited: Made;

const HOUR = 3_600_000;
const secret: StoredFinding = {
  check: 'secrets',
  reason: 'A private key is in the package (keys/app.pem, line 1): remove it and upload a revision.',
  file: 'keys/app.pem',
  line: 1,
};
const permission: StoredFinding = { check: 'new-permissions', reason: 'This version asks for a new permission: room.read.' };
const blockedText = `Secrets in the package: ${secret.reason}`;

/** A new app of Olivia's named `name`, compiled, its listing complete, its compile having found `findings`. */
async function compiledApp(name: string, findings: StoredFinding[]): Promise<Made> {
  const files = withManifest(fixtureFiles('reminder-bot'), { id: randomUUID(), name, nameSlug: name.toLowerCase().replace(/\s+/g, '-') });
  const made = await portal.server.upload('POST', '/v1/publisher/apps', owner, [{ field: 'app', filename: 'app.zip', data: zip(files) }]);
  expect(made.status, made.text).toBe(201);
  const app = await portal.server.settled(owner, made.json.appId);
  const v = app.latest as { internalId: string; compileJobId: string; version: string };
  // The checks' findings are what the test says (whatever the real compile found).
  await portal.server.app.db.update(compileJobs).set({ status: 'succeeded', findings, finishedAt: new Date() }).where(eq(compileJobs.id, v.compileJobId));
  await portal.server.app.db
    .update(appVersions)
    .set({
      status: 'compiled',
      compiled: true,
      categories: ['Productivity'],
      languages: ['en'],
      shortDescription: 'Reminds a room',
      description: 'Reminds a room later.',
      privacyPolicySummary: 'Nothing kept.',
      documentationUrl: 'https://docs.example/r',
    })
    .where(eq(appVersions.internalId, v.internalId));
  return { appId: made.json.appId, internalId: v.internalId, version: v.version };
}
async function submit(m: Made) {
  const res = await portal.server.request('POST', `/v1/publisher/apps/${m.appId}/info/${m.internalId}/submit`, { token: owner });
  expect(res.status, res.text).toBe(200);
}

beforeAll(async () => {
  portal = await startPortal();
  owner = await portal.server.signIn('owner');
  blocked = await compiledApp('Findings Blocked', [permission, secret]);
  waiting = await compiledApp('Findings Waiting', [permission]);
  cited = await compiledApp('Findings Cited', [permission]);
  await submit(waiting);
  await submit(cited);
  // Waiting three hours: 45 left to the 48-hour target.
  await portal.server.app.db
    .update(appVersions)
    .set({ submittedAt: new Date(Date.now() - 3 * HOUR) })
    .where(eq(appVersions.internalId, waiting.internalId));
});
afterAll(() => portal?.close());

const wizardStep = (m: Made) => `/publisher/new-extended/app/${m.appId}/${m.internalId}/4`;

describe('the publish checks’ findings and review notes, in Chromium', () => {
  it('the wizard’s submission step shows a blocking finding first, and Submit disabled with its reason', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Olivia Bennett/, wizardStep(blocked));
    await page.getByRole('heading', { level: 2, name: 'Submit for Review' }).waitFor();
    const checks = page.getByRole('region', { name: `Publish checks of v${blocked.version}` });
    await checks.getByText('2 findings · 1 blocks submission').waitFor();
    const items = checks.getByRole('list', { name: 'Findings of the publish checks' }).getByRole('listitem');
    await expect
      .poll(() => items.allTextContents())
      .toEqual([`Blocks submissionSecrets in the package${secret.reason}keys/app.pem:1`, `WarningNew permissions${permission.reason}`]);
    const submitButton = page.getByRole('button', { name: 'Submit for Review' });
    expect(await submitButton.isDisabled()).toBe(true);
    await page.getByText(blockedText, { exact: true }).waitFor();
    // The reason describes the button (a screen reader reads it with it).
    const describedBy = await submitButton.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(blockedText);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, 'the submission step with a blocking finding');
    await page.context().close();
  });

  it('the submission step fits 390 px', async () => {
    const page = await portal.page({ width: 390, height: 844 });
    await signInAs(page, portal.server.base, /Olivia Bennett/, wizardStep(blocked));
    await page.getByText(blockedText, { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await layoutProblems(page), 'the submission step at 390 px').toEqual([]);
    await expectNoAxeViolations(page, 'the submission step at 390 px');
    await page.context().close();
  });

  it('the app detail of a submitted version says where it stands in review, and its checks’ findings', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Olivia Bennett/, `/publisher/apps/${waiting.appId}`);
    const checks = page.getByRole('region', { name: `Publish checks of v${waiting.version}` });
    await expect
      .poll(() => checks.getByRole('status').textContent(), { timeout: E2E_WAIT_MS })
      .toMatch(/^Waiting for review since [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}\s[AP]M · number \d+ in the queue · expected within 45 hours$/);
    await checks.getByText('1 finding', { exact: true }).waitFor();
    await checks.getByRole('listitem').getByText(permission.reason).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, 'the app detail of a version waiting for review');
    await page.context().close();
  });

  it('a reviewer rejects citing a finding and a line of the files; the cited lines leave the address; the publisher reads both with the note', async () => {
    const reviewer = await portal.page();
    await signInAs(reviewer, portal.server.base, /Daniel Kim/, `/publisher/admin/apps/${cited.appId}`);
    // The version under review's findings.
    const checks = reviewer.getByRole('region', { name: `Publish checks of v${cited.version}` });
    await checks.getByRole('listitem').getByText(permission.reason).waitFor();
    // Its only version: its files, every line new; a line's number picks it to cite.
    await reviewer.getByRole('button', { name: 'Show its files' }).click();
    const file = reviewer.getByRole('table', { name: 'Changes to lib/blocks.ts' });
    const line = file.getByRole('button', { name: 'Cite line 4 of lib/blocks.ts', exact: true });
    await line.click();
    await expect.poll(() => new URL(reviewer.url()).searchParams.get('cite')).toBe(JSON.stringify(['new:4:lib/blocks.ts']));
    await expect.poll(() => line.getAttribute('aria-pressed')).toBe('true');
    await reviewer.getByText('1 line picked to cite.').waitFor();
    await reviewer.waitForLoadState('networkidle');
    await expectNoAxeViolations(reviewer, 'the admin app page with a line picked to cite');

    await reviewer.getByRole('table', { name: 'Versions' }).getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = reviewer.getByRole('dialog', { name: `Reject Findings Cited v${cited.version}` });
    await dialog.getByRole('list', { name: 'Lines cited' }).getByText(`lib/blocks.ts, line 4 (new)`).waitFor();
    const finding = dialog.getByRole('checkbox', { name: `New permissions: ${permission.reason}` });
    // By keyboard: the checkbox toggles with Space.
    await finding.focus();
    await reviewer.keyboard.press('Space');
    await expect.poll(() => finding.getAttribute('aria-checked')).toBe('true');
    await dialog.getByLabel('Reason').fill('Say why the app needs room.read, and drop the digest line.');
    await expectNoAxeViolations(reviewer, 'the reject dialog citing a finding and a line');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await reviewer.getByText(`Findings Cited v${cited.version} is rejected!`).first().waitFor();
    await expect.poll(() => new URL(reviewer.url()).searchParams.get('cite')).toBeNull();
    await reviewer.context().close();

    // The publisher, at a phone's width: the note and what it cites, beside the version.
    const page = await portal.page({ width: 390, height: 844 });
    await signInAs(page, portal.server.base, /Olivia Bennett/, `/publisher/apps/${cited.appId}`);
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.getByText('Say why the app needs room.read, and drop the digest line.').waitFor();
    const citations = versions.getByRole('list', { name: 'Citations of the note' }).getByRole('listitem');
    await expect
      .poll(() => citations.allTextContents())
      .toEqual([`New permissions: ${permission.reason}`, expect.stringMatching(/^lib\/blocks\.ts, line 4 \(new\).+/)]);
    const text = await citations.nth(1).locator('code').textContent();
    const source = new TextDecoder().decode(fixtureFiles('reminder-bot')['lib/blocks.ts']);
    expect(text).toBe(source.split('\n')[3]);
    await page.waitForLoadState('networkidle');
    expect(await layoutProblems(page), 'the app detail with a rejection’s citations at 390 px').toEqual([]);
    await expectNoAxeViolations(page, 'the app detail with a rejection’s citations at 390 px');
    await page.context().close();
  });
});
