// A Rocket.Chat workspace buys through the portal's checkout with the sandbox provider, over HTTP as its
// administrator's browser and its server make the calls: the checkout page's API with the `marketplace:purchase`
// token Rocket.Chat puts in the page's address (communication/rest.ts buildExternalUrl), the sandbox's card form
// and what it refuses, the package download, and the sale reaching the publisher's webhook. The buyer's whole path
// on both providers (subscriptions, the licence sync, refunds) is billing-providers.test.ts.
import { asc, eq } from 'drizzle-orm';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidOf } from '../../server/dev/seed/seed';
import { demoPublishers } from '../../server/dev/seed/seed-data';
import { checkoutSessions, purchaseRecords, salesEvents, sandboxLedger, webhooks, workspaces } from '../../server/db/schema';
import { deliverNext } from '../../server/webhooks/deliver';
import { dispatchEvents } from '../../server/webhooks/dispatch';
import { ROCKET_CHAT_DEFAULT_SCOPES } from '../../server/workspaces/scopes';
import { startServer, type TestServer } from '../harness';
import { registerWorkspace } from '../registered-workspace';
import { startReceiver } from '../webhook-receiver';

const jira = uuidOf('app:Jira Connector');
const northwind = demoPublishers.find((p) => p.key === 'northwind')!.id;

let s: TestServer;
let admin: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  s = await startServer({}, { WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' });
  admin = await s.signIn('admin');
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await s?.close();
});

const register = (nickname: string) => registerWorkspace(s, admin, nickname);

/** The sandbox's card form, submitted as the buyer's browser does (it answers a redirect, or the form again). */
async function pay(url: string, number: string, action: 'pay' | 'cancel' = 'pay') {
  const t = new URL(url, s.base).searchParams.get('t')!;
  const page = await fetch(new URL(url, s.base));
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Card number');
  return fetch(`${s.base}/dev-payments/checkout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ t, number, expiry: '12/40', cvc: '123', action }),
  });
}

const recordsOf = (workspaceId: string) =>
  s.app.db.select().from(purchaseRecords).where(eq(purchaseRecords.workspaceId, workspaceId)).orderBy(asc(purchaseRecords.date));
const eventsOf = (purchaseId: string) => s.app.db.select().from(salesEvents).where(eq(salesEvents.purchaseId, purchaseId)).orderBy(asc(salesEvents.seq));
const ledgerOf = async (keyPrefix: string) => (await s.app.db.select().from(sandboxLedger)).filter((e) => e.id.startsWith(`txn_${keyPrefix}`));

describe('buying through the sandbox checkout', () => {
  it('offers, declines a declined card making nothing, sells once, allows the download and is refunded', async () => {
    const ws = await register('Checkout Buyer');
    const buyer = await ws.token('marketplace:purchase');
    const other = await register('Checkout Bystander');
    const otherToken = await other.token('marketplace:purchase');

    const offer = await s.request('GET', `/v1/checkout/apps/${jira}?workspaceId=${ws.id}`, { token: buyer });
    expect(offer.status, offer.text).toBe(200);
    expect(offer.json).toMatchObject({
      app: { id: jira, name: 'Jira Connector' },
      purchaseType: 'buy',
      owned: null,
      provider: 'sandbox',
      workspace: { id: ws.id },
    });
    const price = offer.json.price as number;
    expect(price).toBeGreaterThan(0);

    // A token of another workspace cannot read or buy for this one; a read-only token cannot buy at all.
    expect((await s.request('GET', `/v1/checkout/apps/${jira}?workspaceId=${ws.id}`, { token: otherToken })).status).toBe(403);
    const stolen = await s.request('POST', `/v1/checkout/apps/${jira}/sessions`, { token: otherToken, body: { workspaceId: ws.id, acceptTerms: true } });
    expect(stolen.status).toBe(403);
    expect(stolen.json.code).toBe('other_workspace');
    expect(
      (
        await s.request('POST', `/v1/checkout/apps/${jira}/sessions`, {
          token: await ws.token(ROCKET_CHAT_DEFAULT_SCOPES.join(' ')),
          body: { workspaceId: ws.id, acceptTerms: true },
        })
      ).status,
    ).toBe(403);
    // Terms must be accepted.
    const noTerms = await s.request('POST', `/v1/checkout/apps/${jira}/sessions`, { token: buyer, body: { workspaceId: ws.id } });
    expect(noTerms.status).toBe(400);

    // Before buying, Rocket.Chat cannot download it (268: purchase required).
    const download = async () => fetch(`${s.base}/v2/apps/${jira}/download/1.0.0?token=${await ws.token('marketplace:download')}`);
    const refused = await download();
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: number }).code).toBe(268);

    const started = await s.request('POST', `/v1/checkout/apps/${jira}/sessions`, { token: buyer, body: { workspaceId: ws.id, acceptTerms: true } });
    expect(started.status, started.text).toBe(201);
    expect(started.json).toMatchObject({ status: 'open', kind: 'buy', price, purchaseId: null });
    expect(started.json.url).toMatch(/^\/dev-payments\/checkout\?t=/);

    // A declined card: the form says why; nothing is made.
    const declined = await pay(started.json.url, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect(await recordsOf(ws.id)).toEqual([]);
    expect((await s.request('GET', `/v1/checkout/sessions/${started.json.id}`, { token: buyer })).json).toMatchObject({
      status: 'open',
      failure: 'Your card was declined.',
    });

    const ledgerBefore = await ledgerOf('sale_');
    const paid = await pay(started.json.url, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(back.pathname).toBe(`/apps/${jira}/buy`);
    expect(back.searchParams.get('session')).toBe(started.json.id);
    expect(back.searchParams.has('token')).toBe(false);

    const session = await s.request('GET', `/v1/checkout/sessions/${started.json.id}`, { token: buyer });
    expect(session.json).toMatchObject({ status: 'completed', failure: '' });
    // Another workspace does not see it.
    expect((await s.request('GET', `/v1/checkout/sessions/${started.json.id}`, { token: otherToken })).status).toBe(404);
    const [record, ...more] = await recordsOf(ws.id);
    expect(more).toEqual([]);
    expect(record).toMatchObject({
      id: session.json.purchaseId,
      appId: jira,
      purchaseType: 'buy',
      price,
      provider: 'sandbox',
      externallyManaged: false,
      publisherId: northwind,
    });
    expect((await eventsOf(record!.id)).map((e) => e.type)).toEqual(['app.purchase.created']);
    const credits = (await ledgerOf('sale_')).filter((e) => !ledgerBefore.some((b) => b.id === e.id));
    expect(credits.map((c) => c.id)).toEqual([`txn_sale_${record!.id}`]);
    expect(credits[0]!.amount).toBeCloseTo(price * (1 - s.app.sales.feePercent / 100), 2);

    // Paying the same page again makes nothing more; buying it again is refused.
    expect((await pay(started.json.url, '4242424242424242').catch(() => null))?.status ?? 410).not.toBe(303);
    const again = await s.request('POST', `/v1/checkout/apps/${jira}/sessions`, { token: buyer, body: { workspaceId: ws.id, acceptTerms: true } });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('owned');
    expect((await recordsOf(ws.id)).length).toBe(1);

    const allowed = await download();
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('content-type')).toBe('application/zip');
    await allowed.arrayBuffer();
    expect((await s.request('GET', `/v1/checkout/apps/${jira}?workspaceId=${ws.id}`, { token: buyer })).json.owned).toMatchObject({
      kind: 'buy',
      status: 'owned',
    });

    // Staff refund it: the licence ends (no download), the publisher's balance is debited, the event goes out.
    const refund = await s.request('POST', `/v1/admin/purchases/${record!.id}/refund`, { token: admin, body: { reason: 'Bought by mistake' } });
    expect(refund.status, refund.text).toBe(200);
    expect((await eventsOf(record!.id)).map((e) => e.type)).toEqual(['app.purchase.created', 'app.purchase.refunded']);
    const [debit] = await ledgerOf(`refund_${record!.id}`);
    expect(debit!.amount).toBeCloseTo(-credits[0]!.amount, 2);
    expect((await download()).status).toBe(403);
    const twice = await s.request('POST', `/v1/admin/purchases/${record!.id}/refund`, { token: admin, body: {} });
    expect(twice.status).toBe(409);
  });

  it('a sale through the checkout reaches the publisher’s webhook, signed', async () => {
    const owner = await s.signIn('owner');
    const made = await s.request('POST', '/v1/publisher/webhooks', {
      token: owner,
      body: { label: 'Checkout sales', enabled: true, url: receiver.url, for: ['app.purchase.created'] },
    });
    expect(made.status, made.text).toBe(201);
    // Only this webhook of the publisher listens.
    await s.app.db.update(webhooks).set({ enabled: false }).where(eq(webhooks.publisherId, northwind));
    await s.app.db
      .update(webhooks)
      .set({ enabled: true })
      .where(eq(webhooks.id, made.json.webhook?.id ?? made.json.id));
    const ws = await register('Checkout Webhook Buyer');
    const buyer = await ws.token('marketplace:purchase');
    const started = await s.request('POST', `/v1/checkout/apps/${jira}/sessions`, { token: buyer, body: { workspaceId: ws.id, acceptTerms: true } });
    expect((await pay(started.json.url, '4242424242424242')).status).toBe(303);
    const [record] = await recordsOf(ws.id);
    // What the webhooks worker does: the outbox fanned out, then each delivery made.
    while ((await dispatchEvents(s.app.db)) > 0);
    while (await deliverNext(s.app.webhookDeliveries()));
    const got = receiver.received.find((r) => r.body.includes(record!.id));
    expect(got).toBeDefined();
    const verified = new Verifier(made.json.secret).verify(got!.body, got!.headers as Record<string, string>) as {
      type: string;
      data: { purchase: { _id: string }; workspaceId: string };
    };
    expect(verified).toMatchObject({ type: 'app.purchase.created', data: { purchase: { _id: record!.id }, workspaceId: ws.id } });
  });

  it('an address stored before the address rules is never a link back (the offer and the session carry none)', async () => {
    const ws = await register('Checkout Old Address');
    const buyer = await ws.token('marketplace:purchase');
    await s.app.db.update(workspaces).set({ address: 'https://*.example.com\r\nSet-Cookie: x=1' }).where(eq(workspaces.id, ws.id));
    const offer = await s.request('GET', `/v1/checkout/apps/${jira}?workspaceId=${ws.id}`, { token: buyer });
    expect(offer.json.workspace).toMatchObject({ id: ws.id, address: '' });
    const started = await s.request('POST', `/v1/checkout/apps/${jira}/sessions`, { token: buyer, body: { workspaceId: ws.id, acceptTerms: true } });
    expect(started.status, started.text).toBe(201);
    expect(started.json.returnUrl).toBe('');
  });

  it('abandoned or cancelled at the card form, a checkout makes nothing', async () => {
    const ws = await register('Checkout Abandoner');
    const buyer = await ws.token('marketplace:purchase');
    const started = await s.request('POST', `/v1/checkout/apps/${jira}/sessions`, { token: buyer, body: { workspaceId: ws.id, acceptTerms: true } });
    const cancelled = await pay(started.json.url, '', 'cancel');
    expect(cancelled.status).toBe(303);
    expect(new URL(cancelled.headers.get('location')!).searchParams.get('canceled')).toBe('1');
    // Past its day, the session is expired and its form ended.
    await s.app.db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.id, started.json.id));
    expect((await s.request('GET', `/v1/checkout/sessions/${started.json.id}`, { token: buyer })).json.status).toBe('expired');
    expect((await fetch(new URL(started.json.url, s.base))).status).toBe(410);
    expect(await recordsOf(ws.id)).toEqual([]);
  });
});

// Subscriptions (trial, renewal, seats, cancelling, resuming, past due, refunds) run on both providers in
// billing-providers.test.ts.
