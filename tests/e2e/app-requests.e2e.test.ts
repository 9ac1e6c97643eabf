import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidOf } from '../../server/dev/seed/seed';
import { appRequests } from '../../server/db/schema';
import { registerWorkspace } from '../../server/workspaces/registry';
import { expectNoAxeViolations, startPortal } from './browser';
import { layoutProblems, openInHost, startRocketChatHost } from './checkout-steps';

/**
 * The pages Rocket.Chat opens for app requests (docs/rocketchat.md, App requests) in Chromium against the real portal, inside its modal's
 * iframe as IframeModal.tsx does (a Rocket.Chat stand-in on an origin of its own, registered as the workspace's
 * address): /apps/{id}/requestAccess makes the request and posts `{"result":true,"message":…}` to its parent;
 * Cancel and the incompatible page's Close post `{"result":false}`. Axe at each step, and a phone's width.
 */
let portal: Awaited<ReturnType<typeof startPortal>>;
let host: Awaited<ReturnType<typeof startRocketChatHost>>;
let workspaceId = '';
const jira = uuidOf('app:Jira Connector');

/** As Rocket.Chat's server writes them into the address (rest.ts `buildExternalAppRequest`). */
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const requester = { id: 'u-e2e', username: 'dana', name: 'Dana Ørsted', nickname: '', emails: ['dana@chat.example'] };
const requestUrl = (extra: Record<string, string> = {}) =>
  `${portal.server.base}/apps/${jira}/requestAccess?${new URLSearchParams({
    workspaceId,
    frameworkVersion: '1.47.0',
    requester: b64(requester),
    admins: b64([
      { id: 'u-root', username: 'root', name: 'Root' },
      { id: 'u-ops', username: 'ops' },
    ]),
    ...extra,
  })}`;

beforeAll(async () => {
  portal = await startPortal();
  host = await startRocketChatHost();
  const made = await registerWorkspace(portal.server.app.db, { nickname: 'Requests Chat', address: host.origin }, { id: 'staff', name: 'Staff' });
  workspaceId = made.workspace.id;
});
afterAll(async () => {
  await host?.close();
  await portal?.close();
});

describe('the app request pages in Chromium', () => {
  it('requests an app inside Rocket.Chat’s modal: the host receives {"result":true,"message":…}; Cancel, {"result":false}', async () => {
    const page = await portal.page();
    const modal = await openInHost(page, host, requestUrl());
    const { frame } = modal;
    await frame.getByRole('heading', { name: 'Request Jira Connector', level: 1 }).waitFor();
    // The requester as Rocket.Chat named them, and how many admins will see it.
    await frame.getByText('Dana Ørsted @dana').waitFor();
    await frame.getByText('2 administrators of your workspace will see it.', { exact: false }).waitFor();
    await expectNoAxeViolations(modal.current(), 'request access: the form');

    await frame.getByLabel('Message to your administrators (optional)').fill('  We need Jira for the support team.  ');
    await frame.getByRole('button', { name: 'Request' }).click();
    await frame.getByRole('heading', { name: 'Request sent' }).waitFor();
    await expect.poll(modal.messages).toEqual([JSON.stringify({ result: true, message: 'We need Jira for the support team.' })]);
    await expectNoAxeViolations(modal.current(), 'request access: sent');
    const rows = await portal.server.app.db
      .select()
      .from(appRequests)
      .where(and(eq(appRequests.workspaceId, workspaceId), eq(appRequests.appId, jira)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ requester, message: 'We need Jira for the support team.', seen: false });

    const again = await openInHost(page, host, requestUrl());
    await again.frame.getByRole('heading', { name: 'Request Jira Connector', level: 1 }).waitFor();
    await again.frame.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(again.messages).toEqual(['{"result":false}']);
    await page.context().close();
  });

  it('says why a version cannot run on the workspace’s Rocket.Chat; Close answers the modal', async () => {
    const page = await portal.page();
    const url = `${portal.server.base}/apps/${jira}/incompatible/1.0.0/install?${new URLSearchParams({ workspaceId, rocketChatVersion: '6.5.0' })}`;
    const modal = await openInHost(page, host, url);
    await modal.frame.getByRole('heading', { name: 'Incompatible version', level: 1 }).waitFor();
    await modal.frame.getByText('Jira Connector 1.0.0 cannot run on Rocket.Chat 6.5.0.').waitFor();
    await modal.frame.getByText('It needs Apps-Engine ^1.40.0.', { exact: false }).waitFor();
    await expectNoAxeViolations(modal.current(), 'incompatible');
    await modal.frame.getByRole('button', { name: 'Close' }).click();
    await expect.poll(modal.messages).toEqual(['{"result":false}']);
    await page.context().close();
  });

  it('fits a phone’s width, and says what is missing from an address Rocket.Chat did not build', async () => {
    const page = await portal.page({ width: 390, height: 844 });
    await page.goto(requestUrl());
    await page.getByRole('heading', { name: 'Request Jira Connector', level: 1 }).waitFor();
    expect(await layoutProblems(page), 'the form at 390 px').toEqual([]);
    await expectNoAxeViolations(page, 'the form at 390 px');
    // On a page of its own there is no modal to answer: no Cancel.
    expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);

    await page.goto(requestUrl({ requester: 'not-base64!' }));
    await page.getByText('This page needs what your workspace sends with it', { exact: false }).waitFor();
    expect(await layoutProblems(page), 'a bad address at 390 px').toEqual([]);
    await expectNoAxeViolations(page, 'a bad address at 390 px');

    await page.goto(`${portal.server.base}/apps/${jira}/incompatible/1.0.0/update?${new URLSearchParams({ workspaceId, rocketChatVersion: '6.5.0' })}`);
    await page.getByRole('heading', { name: 'Incompatible version', level: 1 }).waitFor();
    expect(await layoutProblems(page), 'incompatible at 390 px').toEqual([]);
    await expectNoAxeViolations(page, 'incompatible at 390 px');
    await page.context().close();
  });
});
