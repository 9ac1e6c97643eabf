import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { PURCHASE_SCOPE } from '../../contract/checkout';
import { pngImage } from '../fixtures/images';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { registerWorkspace } from '../registered-workspace';
import { expectNoAxeViolations, layoutProblems, signInAs, startPortal, E2E_WAIT_MS } from './browser';
import { CARD_OK, payWithCard } from './checkout-steps';

/**
 * One shortest journey per actor in Chromium (docs/testing.md, Journeys), each hand-off asserted from the screens the
 * next person sees: the publisher meets a blocking check (Submit is not offered, a line says why, Upload Revision is)
 * and revises in place; the reviewer rejects; the publisher sees the rejection and Upload Revision; staff approve and
 * publish; a workspace buys on the checkout page, once; the publisher's Edit info on the live version edits its
 * listing and shows the change log read-only. What is set up without a screen goes through the API.
 */
let portal: Awaited<ReturnType<typeof startPortal>>;
let owner: string;
const appId = randomUUID();
const name = 'Standup Helper';
const pkg = (clean: boolean) => {
  const files = withManifest(fixtureFiles('standup-helper'), { id: appId, version: '1.0.0' });
  return zip(clean ? files : { ...files, 'keys/service-account.pem': fixtureFiles('leaky-key')['keys/service-account.pem']! });
};

beforeAll(async () => {
  portal = await startPortal();
  owner = await portal.server.signIn('owner');
  const s = portal.server;
  const made = await s.upload('POST', '/v1/publisher/apps', owner, [{ field: 'app', filename: 'app.zip', data: pkg(false) }]);
  expect(made.status, made.text).toBe(201);
  const at = `/v1/publisher/apps/${appId}/info/${made.json.latest.id}`;
  expect((await s.request('POST', `${at}/details`, { token: owner, body: { categories: ['Productivity'], languages: ['en'] } })).status).toBe(200);
  const info = {
    shortDescription: 'Standup prompts in a thread',
    description: 'Posts a daily prompt.',
    privacyPolicySummary: 'Nothing kept.',
    documentationUrl: 'https://northwind.example/standup',
  };
  expect((await s.request('POST', `${at}/info`, { token: owner, body: info })).status).toBe(200);
  expect((await s.upload('POST', `${at}/screenshots`, owner, [{ field: 'screenshots', filename: 'room.png', data: pngImage(960, 540) }])).status).toBeLessThan(
    300,
  );
  expect((await s.request('POST', `/v1/publisher/apps/${appId}/pricing`, { token: owner, body: { type: 'buy', buyPrice: 5 } })).status).toBe(200);
  await s.settled(owner, appId);
});
afterAll(() => portal?.close());

const versionRow = (page: Page) => page.getByRole('table', { name: 'Versions' }).getByRole('row', { name: /v1\.0\.0/ });

describe('journeys in Chromium: one shortest path per actor', () => {
  it('publisher, reviewer, staff, workspace: every hand-off offers only what succeeds', async () => {
    const base = portal.server.base;

    // The publisher: a check blocks the package. Submit is not offered; why, and Upload Revision, are.
    const publisher = await portal.page();
    await signInAs(publisher, base, /Olivia Bennett/, `/publisher/apps/${appId}`);
    await publisher.getByRole('heading', { name }).waitFor();
    await versionRow(publisher)
      .getByText(/^Submit for review waits — Secrets in the package:/)
      .waitFor();
    expect(await versionRow(publisher).getByRole('button', { name: 'Submit for review' }).count()).toBe(0);
    await expectNoAxeViolations(publisher, 'journey: a blocked version');
    // Upload Revision: the update wizard takes a package with the same number, and the checks run again.
    await versionRow(publisher).getByRole('button', { name: 'Upload Revision' }).click();
    await publisher.getByLabel('App package (.zip)').setInputFiles({ name: 'fixed.zip', mimeType: 'application/zip', buffer: pkg(true) });
    await publisher.getByRole('button', { name: 'Next' }).click();
    await publisher.waitForURL(/\/publisher\/update-extended\/app\/.+\/1$/, { timeout: E2E_WAIT_MS });
    await portal.server.settled(owner, appId);
    await publisher.goto(`${base}/publisher/apps/${appId}`);
    await versionRow(publisher).getByRole('button', { name: 'Submit for review' }).click();
    await versionRow(publisher).getByText('— waiting for review').waitFor({ timeout: E2E_WAIT_MS });

    // The reviewer: the submitted version offers Review, Approve and Reject; a rejection with its reason.
    const reviewer = await portal.page();
    await signInAs(reviewer, base, /Daniel Kim/, `/publisher/admin/apps/${appId}`);
    for (const action of ['Review', 'Approve']) await versionRow(reviewer).getByRole('button', { name: action }).waitFor();
    await versionRow(reviewer).getByRole('button', { name: 'Reject' }).click();
    await reviewer.getByLabel('Reason').fill('Say why the app needs networking.');
    await reviewer.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
    await reviewer.getByText(`${name} v1.0.0 is rejected!`).first().waitFor();

    // The publisher: the rejection, and the way on it names (Upload Revision); Publish shown disabled (SPEC §4).
    await publisher.reload();
    await versionRow(publisher).getByText('Say why the app needs networking.').waitFor();
    await versionRow(publisher).getByRole('button', { name: 'Upload Revision' }).waitFor();
    expect(await versionRow(publisher).getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(publisher, 'journey: a rejected version');
    // The revision and its submission go through the API (the screens were walked above).
    expect((await portal.server.upload('PUT', `/v1/apps/${appId}`, owner, [{ field: 'app', filename: 'app.zip', data: pkg(true) }])).status).toBe(200);
    const { latest } = await portal.server.settled(owner, appId);
    expect((await portal.server.request('POST', `/v1/publisher/apps/${appId}/info/${latest.id}/submit`, { token: owner })).status).toBe(200);

    // Staff: approve, then publish.
    const admin = await portal.page();
    await signInAs(admin, base, /Sofia Rossi/, `/publisher/admin/apps/${appId}`);
    await versionRow(admin).getByRole('button', { name: 'Approve' }).click();
    await admin.getByText(`${name} v1.0.0 is approved!`).first().waitFor();
    await versionRow(admin).getByRole('button', { name: 'Publish' }).click();
    await admin.getByText('Published!').first().waitFor();

    // A workspace: the published paid app can be bought on the checkout page, once.
    const ws = await registerWorkspace(portal.server, await portal.server.signIn('admin'), 'Journey Buyer');
    const token = await ws.token(PURCHASE_SCOPE);
    const buyer = await portal.page();
    const buyUrl = `${base}/apps/${appId}/buy?${new URLSearchParams({ workspaceId: ws.id, token, seats: '10' })}`;
    await buyer.goto(buyUrl);
    await buyer.getByRole('heading', { name: `Buy ${name}`, level: 1 }).waitFor();
    await buyer.getByRole('checkbox', { name: 'I accept the terms' }).check();
    await buyer.getByRole('button', { name: 'Continue to payment' }).click();
    await buyer.waitForURL(/\/dev-payments\/checkout/);
    await payWithCard(buyer, CARD_OK);
    await buyer.getByRole('heading', { name: 'Payment complete' }).waitFor({ timeout: E2E_WAIT_MS });
    await buyer.goto(buyUrl);
    await buyer.getByRole('heading', { name: 'Already purchased' }).waitFor();
    expect(await buyer.getByRole('button', { name: 'Continue to payment' }).count()).toBe(0);

    // The publisher: Edit info on the live version edits its listing; its change log is read-only, with the reason.
    await publisher.goto(`${base}/publisher/apps/${appId}`);
    await versionRow(publisher).getByText('Published', { exact: true }).waitFor();
    await versionRow(publisher).getByRole('button', { name: 'Edit info' }).click();
    await publisher.getByRole('heading', { level: 2, name: 'Change Log' }).waitFor();
    await publisher.getByText(`${name} v1.0.0 is published: its change log is what its review saw and can no longer change.`, { exact: false }).waitFor();
    expect(await publisher.getByLabel('Public changes (markdown)').isDisabled()).toBe(true);
    await publisher.getByRole('button', { name: 'Save and continue' }).click();
    await publisher.getByRole('heading', { level: 2, name: 'App Details' }).waitFor();
    await publisher.getByRole('button', { name: 'Save and continue' }).click();
    await publisher.getByRole('heading', { level: 2, name: 'App Info' }).waitFor();
    await publisher.getByRole('list', { name: 'Screenshots' }).getByRole('img', { name: 'room.png' }).waitFor();
    await publisher.getByLabel('Short description').fill('Standup prompts, one thread a day');
    await expectNoAxeViolations(publisher, 'journey: Edit info on a live version');
    await publisher.getByRole('button', { name: 'Save and finish' }).click();
    await publisher.waitForURL(new RegExp(`/publisher/apps/${appId}$`));
    // The catalog serves the new listing at once.
    const listed = (await portal.server.request('GET', '/v1/apps')).json as { appId: string; latest: { shortDescription: string } }[];
    expect(listed.find((a) => a.appId === appId)?.latest.shortDescription).toBe('Standup prompts, one thread a day');
    await publisher.setViewportSize({ width: 390, height: 844 });
    expect(await layoutProblems(publisher)).toEqual([]);
  });
});
