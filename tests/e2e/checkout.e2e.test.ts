import { publicDecrypt } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_SCOPE } from '../../contract/checkout';
import { uuidOf } from '../../server/dev/seed/seed';
import { purchaseRecords, webhooks } from '../../server/db/schema';
import { deliverNext } from '../../server/webhooks/deliver';
import { dispatchEvents } from '../../server/webhooks/dispatch';
import { ROCKET_CHAT_DEFAULT_SCOPES } from '../../server/workspaces/scopes';
import { registerWorkspace, type RegisteredWorkspace } from '../registered-workspace';
import { startReceiver } from '../webhook-receiver';
import { startPortal } from './browser';
import {
  atPhoneWidth,
  buyInTheModal,
  buyOnItsOwnPage,
  manageOnDetails,
  startRocketChatHost,
  subscribePerSeat,
  type CheckoutEnv,
  type Workspace,
} from './checkout-steps';

/**
 * The buyer's checkout pages in Chromium against the real portal (docs/rocketchat.md, Buying): Rocket.Chat's buy and subscribe pages
 * with a registered workspace's `marketplace:purchase` token, the sandbox provider's card form, the answer the
 * modal waits for, the management of a per-seat subscription (its seats, cancelling, resuming); axe at each step,
 * and a phone's width.
 */
let portal: Awaited<ReturnType<typeof startPortal>>;
let host: Awaited<ReturnType<typeof startRocketChatHost>>;
let env: CheckoutEnv;

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let owner: string;
let webhookSecret: string;
let balanceBefore: number;
/** What each workspace's Rocket.Chat server holds from its registration: its client credentials, the portal's public key. */
const registrations = new Map<string, RegisteredWorkspace>();

/**
 * A workspace staff register (`POST /v1/admin/workspaces`), and the token Rocket.Chat asks for before opening the
 * pages (`GET /api/apps/buildExternalUrl`).
 */
async function workspace(nickname: string, address: string): Promise<Workspace> {
  const made = await registerWorkspace(portal.server, await portal.server.signIn('admin'), nickname, address);
  registrations.set(made.id, made);
  return { id: made.id, token: await made.token(PURCHASE_SCOPE, `${address}/admin/cloud/oauth-callback`), nickname, address };
}

/** The publisher's balance as its profile shows it: available and pending together. */
async function balance() {
  const res = await portal.server.request('GET', '/v1/publisher/balance', { token: owner });
  expect(res.status, res.text).toBe(200);
  return (res.json.available as number) + (res.json.pending as number);
}

beforeAll(async () => {
  // The publisher's webhook receiver below is on this machine's loopback address.
  portal = await startPortal({}, { WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' });
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
  // The publisher of both apps listens for its sales on a real HTTP endpoint (its other webhooks are turned off).
  receiver = await startReceiver();
  owner = await portal.server.signIn('owner');
  const hook = await portal.server.request('POST', '/v1/publisher/webhooks', {
    token: owner,
    body: { label: 'Checkout sales', enabled: true, url: receiver.url, for: ['app.purchase.created', 'app.subscription.created'] },
  });
  expect(hook.status, hook.text).toBe(201);
  const hookId = (hook.json.webhook?.id ?? hook.json.id) as string;
  webhookSecret = hook.json.secret;
  const [made] = await portal.server.app.db.select({ publisherId: webhooks.publisherId }).from(webhooks).where(eq(webhooks.id, hookId));
  await portal.server.app.db
    .update(webhooks)
    .set({ enabled: false })
    .where(and(eq(webhooks.publisherId, made!.publisherId), ne(webhooks.id, hookId)));
  balanceBefore = await balance();
});
afterAll(async () => {
  await receiver?.close();
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

  it('after paying in Chromium: Rocket.Chat’s licence sync decrypts, the download is allowed; the publisher sees the sales, its balance credited, its webhook signed', async () => {
    const { a, b, buyApp, seatApp } = env;
    const { publicKey, token } = registrations.get(a.id)!;
    // Rocket.Chat's daily licence sync, with the token of its default scopes (app/cloud/server/functions/syncWorkspace).
    const sync = await token(ROCKET_CHAT_DEFAULT_SCOPES.join(' '));
    const synced = async (appId: string) => {
      const res = await fetch(`${env.base}/v1/workspaces/${a.id}/apps/${appId}`, { headers: { authorization: `Bearer ${sync}` } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { latest: { isPurchased: boolean; subscriptionInfo: { status: string; license: { license: string; version: number } } } })
        .latest;
    };
    expect((await synced(buyApp.id)).isPurchased).toBe(true);
    const seat = await synced(seatApp.id);
    expect([seat.isPurchased, seat.subscriptionInfo.status, seat.subscriptionInfo.license.version]).toEqual([true, 'trialing', 1]);
    // Decrypted as Apps-Engine's AppLicenseManager does, with the public key the workspace got at registration.
    const licence = JSON.parse(publicDecrypt(publicKey, Buffer.from(seat.subscriptionInfo.license.license, 'base64')).toString()) as {
      appId: string;
      isBundle: boolean;
      seats: number;
      maxSeats: number;
      expireDate: string;
      renewalDate: string;
    };
    expect(licence).toMatchObject({ appId: seatApp.id, isBundle: false, seats: 60 });
    // The 14-day trial, and the days of grace after it (Rocket.Chat syncs once a day).
    const days = (new Date(licence.expireDate).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(14);
    expect(days).toBeLessThan(18);

    // The bought app's package downloads, as Rocket.Chat installs it.
    const download = await fetch(`${env.base}/v2/apps/${buyApp.id}/download/1.0.0?token=${await token('marketplace:download')}`, {
      headers: { 'x-apps-engine-version': '1.66.0' },
    });
    expect([download.status, download.headers.get('content-type')]).toEqual([200, 'application/zip']);
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(0);

    // The publisher: the sales in its purchases, the two paid purchases of the one-time app credited (the trial has taken nothing).
    const records = await portal.server.app.db.select().from(purchaseRecords).where(eq(purchaseRecords.workspaceId, a.id));
    const bought = records.find((r) => r.appId === buyApp.id && r.purchaseType === 'buy')!;
    const subscribed = records.find((r) => r.appId === seatApp.id && r.purchaseType === 'subscription')!;
    expect([bought, subscribed].every(Boolean)).toBe(true);
    const listed = (await portal.server.request('GET', '/v1/publisher/purchases?limit=100', { token: owner })).json as { data: { _id: string }[] };
    expect(listed.data.map((p) => p._id)).toEqual(expect.arrayContaining([bought.id, subscribed.id]));
    const paidInModal = (await portal.server.app.db.select().from(purchaseRecords).where(eq(purchaseRecords.workspaceId, b.id))).filter(
      (r) => r.purchaseType === 'buy',
    );
    const share = (price: number) => price * (1 - portal.server.app.sales.feePercent / 100);
    expect(Math.abs((await balance()) - balanceBefore - share(bought.price) - paidInModal.reduce((sum, r) => sum + share(r.price), 0))).toBeLessThanOrEqual(
      0.011,
    );

    // Its webhook: what the webhooks worker does (the outbox fanned out, each delivery made), received signed.
    while ((await dispatchEvents(portal.server.app.db)) > 0);
    while (await deliverNext(portal.server.app.webhookDeliveries()));
    const verifier = new Verifier(webhookSecret);
    const events = receiver.received.map(
      (r) => verifier.verify(r.body, r.headers as Record<string, string>) as { type: string; data: { purchase: { _id: string }; workspaceId: string } },
    );
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'app.purchase.created',
          data: expect.objectContaining({ purchase: expect.objectContaining({ _id: bought.id }), workspaceId: a.id }),
        }),
        expect.objectContaining({
          type: 'app.subscription.created',
          data: expect.objectContaining({ purchase: expect.objectContaining({ _id: subscribed.id }), workspaceId: a.id }),
        }),
      ]),
    );
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
