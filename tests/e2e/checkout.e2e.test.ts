import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_SCOPE } from '../../contract/checkout';
import { uuidOf } from '../../server/db/seed';
import { registerWorkspace } from '../../server/services/workspaces/registry';
import { startPortal } from './browser';
import { atPhoneWidth, buyInTheModal, buyOnItsOwnPage, manageOnDetails, startRocketChatHost, subscribePerSeat, type CheckoutEnv, type Workspace } from './checkout-steps';

/**
 * The buyer's checkout pages in Chromium against the real portal (issue 28): Rocket.Chat's buy and subscribe pages
 * with a registered workspace's `marketplace:purchase` token, the sandbox provider's card form, the answer the
 * modal waits for, the management of a per-seat subscription (its seats, cancelling, resuming); axe at each step,
 * and a phone's width.
 */
let portal: Awaited<ReturnType<typeof startPortal>>;
let host: Awaited<ReturnType<typeof startRocketChatHost>>;
let env: CheckoutEnv;

/** A registered workspace and the token Rocket.Chat asks for before opening the pages (`GET /api/apps/buildExternalUrl`). */
async function workspace(nickname: string, address: string): Promise<Workspace> {
  const made = await registerWorkspace(portal.server.app.db, { nickname, address }, { id: 'staff', name: 'Staff' });
  const res = await fetch(`${portal.server.base}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: made.clientId, client_secret: made.clientSecret, scope: PURCHASE_SCOPE, grant_type: 'client_credentials', redirect_uri: `${address}/admin/cloud/oauth-callback` }),
  });
  expect(res.status).toBe(200);
  const { access_token: token } = (await res.json()) as { access_token: string };
  return { id: made.workspace.id, token, nickname, address };
}

beforeAll(async () => {
  portal = await startPortal();
  host = await startRocketChatHost();
  env = {
    base: portal.server.base,
    buyApp: { id: uuidOf('app:Jira Connector'), name: 'Jira Connector', price: '$4.99' },
    seatApp: { id: uuidOf('app:Standup Bot'), name: 'Standup Bot' },
    a: await workspace('Checkout Chat', 'https://checkout.chat.e2e.example'),
    // The workspace whose Rocket.Chat frames the pages: its address is the host's origin.
    b: await workspace('Modal Chat', host.origin),
    host,
  };
}, 120_000);
afterAll(async () => {
  await host?.close();
  await portal?.close();
});

describe('the checkout pages in Chromium', () => {
  it('buys a one-time app on its own page: the terms, a declined card, then paid; bought it stays', async () => {
    const page = await portal.page();
    await buyOnItsOwnPage(page, env);
    await page.context().close();
  });

  it('buys inside Rocket.Chat’s modal: the host receives {"result":true}; leaving without buying, {"result":false}', async () => {
    const page = await portal.page();
    await buyInTheModal(page, env);
    await page.context().close();
  });

  it('subscribes to a per-seat plan: seats from Rocket.Chat, their tier and price, the review kept by a refresh, then paid', async () => {
    const page = await portal.page();
    await subscribePerSeat(page, env);
    await page.context().close();
  });

  it('fits a phone’s width (390 px): the plan, the review, a cancelled payment, the details and their dialog', async () => {
    const page = await portal.page({ width: 390, height: 844 });
    await atPhoneWidth(page, env);
    await page.context().close();
  });

  it('manages the subscription on /subscribe/details: changes its seats, then cancels it at the end of the period; resumes it, and cancels it at the period’s end again', async () => {
    const page = await portal.page();
    await manageOnDetails(page, env);
    await page.context().close();
  });
});
