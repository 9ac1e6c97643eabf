// A Rocket.Chat workspace buys and subscribes through the portal's checkout with the sandbox provider, over
// HTTP as its administrator's browser and its server make the calls: the checkout page's API with the
// `marketplace:purchase` token Rocket.Chat puts in the page's address (communication/rest.ts buildExternalUrl),
// the sandbox's card form, the package download, and the licence sync (ee/server/apps/cron.ts) whose licences
// decrypt with the public key the workspace got at registration, as Apps-Engine's Crypto.decryptLicense does.
import { publicDecrypt } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidOf } from '../../server/db/seed';
import { demoPublishers } from '../../server/db/seed-data';
import { checkoutSessions, publishers, purchaseRecords, salesEvents, sandboxLedger, webhooks } from '../../server/db/schema';
import { deliverNext } from '../../server/services/webhooks/deliver';
import { dispatchEvents } from '../../server/services/webhooks/dispatch';
import { PAST_DUE_DAYS, sandboxBillingDue } from '../../server/services/billing/subscriptions';
import { ROCKET_CHAT_DEFAULT_SCOPES } from '../../server/services/workspaces/scopes';
import { startServer, type TestServer } from '../harness';
import { startReceiver } from '../webhook-receiver';

const jira = uuidOf('app:Jira Connector');
const standup = uuidOf('app:Standup Bot');
const northwind = demoPublishers.find((p) => p.key === 'northwind')!.id;
const DAY = 86_400_000;

let s: TestServer;
let admin: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  s = await startServer({}, { WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' });
  admin = await s.signIn('admin');
  receiver = await startReceiver();
}, 120_000);
afterAll(async () => {
  await receiver?.close();
  await s?.close();
});

type Workspace = { id: string; publicKey: string; token: (scope: string) => Promise<string> };
async function register(nickname: string): Promise<Workspace> {
  const reg = await s.request('POST', '/v1/admin/workspaces', { token: admin, body: { nickname, address: `https://${nickname.toLowerCase().replace(/\W+/g, '-')}.example` } });
  expect(reg.status, reg.text).toBe(201);
  const { clientId, clientSecret, workspace, publicKey } = reg.json as { clientId: string; clientSecret: string; workspace: { id: string }; publicKey: string };
  const token = async (scope: string) => {
    const res = await fetch(`${s.base}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: clientId, client_secret: clientSecret, scope, grant_type: 'client_credentials' }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  return { id: workspace.id, publicKey, token };
}

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

const recordsOf = (workspaceId: string) => s.app.db.select().from(purchaseRecords).where(eq(purchaseRecords.workspaceId, workspaceId)).orderBy(asc(purchaseRecords.date));
const eventsOf = (purchaseId: string) => s.app.db.select().from(salesEvents).where(eq(salesEvents.purchaseId, purchaseId)).orderBy(asc(salesEvents.seq));
const ledgerOf = async (keyPrefix: string) => (await s.app.db.select().from(sandboxLedger)).filter((e) => e.id.startsWith(`txn_${keyPrefix}`));
const decrypt = (publicKey: string, license: string) => JSON.parse(publicDecrypt(publicKey, Buffer.from(license, 'base64')).toString()) as Record<string, unknown>;

describe('buying through the sandbox checkout', () => {
  it('offers, declines a declined card making nothing, sells once, allows the download and is refunded', async () => {
    const ws = await register('Checkout Buyer');
    const buyer = await ws.token('marketplace:purchase');
    const other = await register('Checkout Bystander');
    const otherToken = await other.token('marketplace:purchase');

    const offer = await s.request('GET', `/v1/checkout/apps/${jira}?workspaceId=${ws.id}`, { token: buyer });
    expect(offer.status, offer.text).toBe(200);
    expect(offer.json).toMatchObject({ app: { id: jira, name: 'Jira Connector' }, purchaseType: 'buy', owned: null, provider: 'sandbox', workspace: { id: ws.id } });
    const price = offer.json.price as number;
    expect(price).toBeGreaterThan(0);

    // A token of another workspace cannot read or buy for this one; a read-only token cannot buy at all.
    expect((await s.request('GET', `/v1/checkout/apps/${jira}?workspaceId=${ws.id}`, { token: otherToken })).status).toBe(403);
    const stolen = await s.request('POST', `/v1/checkout/apps/${jira}/sessions`, { token: otherToken, body: { workspaceId: ws.id, acceptTerms: true } });
    expect(stolen.status).toBe(403);
    expect(stolen.json.code).toBe('other_workspace');
    expect((await s.request('POST', `/v1/checkout/apps/${jira}/sessions`, { token: await ws.token(ROCKET_CHAT_DEFAULT_SCOPES.join(' ')), body: { workspaceId: ws.id, acceptTerms: true } })).status).toBe(403);
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
    expect((await s.request('GET', `/v1/checkout/sessions/${started.json.id}`, { token: buyer })).json).toMatchObject({ status: 'open', failure: 'Your card was declined.' });

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
    expect(record).toMatchObject({ id: session.json.purchaseId, appId: jira, purchaseType: 'buy', price, provider: 'sandbox', externallyManaged: false, publisherId: northwind });
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
    expect((await s.request('GET', `/v1/checkout/apps/${jira}?workspaceId=${ws.id}`, { token: buyer })).json.owned).toMatchObject({ kind: 'buy', status: 'owned' });

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
    const made = await s.request('POST', '/v1/publisher/webhooks', { token: owner, body: { label: 'Checkout sales', enabled: true, url: receiver.url, for: ['app.purchase.created'] } });
    expect(made.status, made.text).toBe(201);
    // Only this webhook of the publisher listens.
    await s.app.db.update(webhooks).set({ enabled: false }).where(eq(webhooks.publisherId, northwind));
    await s.app.db.update(webhooks).set({ enabled: true }).where(eq(webhooks.id, made.json.webhook?.id ?? made.json.id));
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
    const verified = new Verifier(made.json.secret).verify(got!.body, got!.headers as Record<string, string>) as { type: string; data: { purchase: { _id: string }; workspaceId: string } };
    expect(verified).toMatchObject({ type: 'app.purchase.created', data: { purchase: { _id: record!.id }, workspaceId: ws.id } });
  });

  it('abandoned or cancelled at the card form, a checkout makes nothing', async () => {
    const ws = await register('Checkout Abandoner');
    const buyer = await ws.token('marketplace:purchase');
    const started = await s.request('POST', `/v1/checkout/apps/${jira}/sessions`, { token: buyer, body: { workspaceId: ws.id, acceptTerms: true } });
    const cancelled = await pay(started.json.url, '', 'cancel');
    expect(cancelled.status).toBe(303);
    expect(new URL(cancelled.headers.get('location')!).searchParams.get('canceled')).toBe('1');
    // Past its day, the session is expired and its form ended.
    await s.app.db.update(checkoutSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(checkoutSessions.id, started.json.id));
    expect((await s.request('GET', `/v1/checkout/sessions/${started.json.id}`, { token: buyer })).json.status).toBe('expired');
    expect((await fetch(new URL(started.json.url, s.base))).status).toBe(410);
    expect(await recordsOf(ws.id)).toEqual([]);
  });
});

describe('subscribing through the sandbox checkout', () => {
  it('subscribes per seat on a trial, converts, renews, changes seats, cancels at the period end — the licence says each', async () => {
    const ws = await register('Checkout Subscriber');
    const buyer = await ws.token('marketplace:purchase');
    const offer = (await s.request('GET', `/v1/checkout/apps/${standup}?workspaceId=${ws.id}`, { token: buyer })).json;
    const plan = (offer.plans as { id: string; isPerSeat: boolean; trialDays: number; strategy: string }[]).find((p) => p.isPerSeat)!;
    expect(plan.trialDays).toBeGreaterThan(0);

    const noTier = await s.request('POST', `/v1/checkout/apps/${standup}/sessions`, { token: buyer, body: { workspaceId: ws.id, planId: plan.id, seats: 0, acceptTerms: true } });
    expect(noTier.status).toBe(400);
    const started = await s.request('POST', `/v1/checkout/apps/${standup}/sessions`, { token: buyer, body: { workspaceId: ws.id, planId: plan.id, seats: 12, acceptTerms: true } });
    expect(started.status, started.text).toBe(201);
    expect(started.json).toMatchObject({ kind: 'subscription', seats: 12, trialDays: plan.trialDays });
    expect((await pay(started.json.url, '4242424242424242')).status).toBe(303);
    const [sub] = await recordsOf(ws.id);
    expect(sub).toMatchObject({ purchaseType: 'subscription', subscriptionStatus: 'trialing', seats: 12, provider: 'sandbox', paymentMethod: 'pm_card_visa' });
    expect(sub!.providerSubscriptionId).toBeTruthy();

    // Rocket.Chat's daily sync: the licence decrypts with the registration's public key, for this app and its seats.
    const sync = async () => {
      const token = await ws.token(ROCKET_CHAT_DEFAULT_SCOPES.join(' '));
      const res = await s.request('GET', `/v1/workspaces/${ws.id}/apps?seats=12`, { token });
      expect(res.status, res.text).toBe(200);
      const mine = (res.json as { latest: { id: string; subscriptionInfo: { status: string; license: { license: string; version: number } } } }[]).find((a) => a.latest.id === standup)!;
      expect(mine.latest.subscriptionInfo.license.version).toBe(1);
      return { info: mine.latest.subscriptionInfo, license: decrypt(ws.publicKey, mine.latest.subscriptionInfo.license.license) };
    };
    let { info, license } = await sync();
    expect(info.status).toBe('trialing');
    expect(license).toMatchObject({ version: 1, appId: standup, isBundle: false, seats: 12 });
    expect(new Date(license.expireDate as string).getTime()).toBeGreaterThan(sub!.periodEnd!.getTime());
    // One app's sync, and another workspace's token for this workspace's sync: refused.
    const one = await s.request('GET', `/v1/workspaces/${ws.id}/apps/${standup}`, { token: await ws.token(ROCKET_CHAT_DEFAULT_SCOPES.join(' ')) });
    expect(one.json.latest.id).toBe(standup);
    const stranger = await register('Checkout Stranger');
    expect((await s.request('GET', `/v1/workspaces/${ws.id}/apps`, { token: await stranger.token(ROCKET_CHAT_DEFAULT_SCOPES.join(' ')) })).status).toBe(403);

    // The trial ends: the sandbox's billing job charges the card — active for a month, the sale credited.
    const trialEnd = sub!.periodEnd!;
    await sandboxBillingDue(s.app.db, s.app.sales, new Date(trialEnd.getTime() + 1000));
    let [row] = await recordsOf(ws.id);
    expect(row!.subscriptionStatus).toBe('active');
    expect(row!.periodEnd!.getTime()).toBeGreaterThan(trialEnd.getTime() + 27 * DAY);
    expect((await ledgerOf(`sale_${row!.id}`)).length).toBe(1);
    // Run again at the same time: nothing is due any more.
    expect(await sandboxBillingDue(s.app.db, s.app.sales, new Date(trialEnd.getTime() + 1000))).toBe(0);

    // A renewal: another period, credited once more.
    const firstEnd = row!.periodEnd!;
    await sandboxBillingDue(s.app.db, s.app.sales, new Date(firstEnd.getTime() + 1000));
    [row] = await recordsOf(ws.id);
    expect(row!.periodEnd!.getTime()).toBeGreaterThan(firstEnd.getTime());
    expect((await ledgerOf(`sale_${row!.id}`)).length).toBe(2);

    // Seats: priced by the tiers.
    const seats = await s.request('POST', `/v1/checkout/subscriptions/${row!.id}/seats`, { token: buyer, body: { workspaceId: ws.id, seats: 60 } });
    expect(seats.status, seats.text).toBe(200);
    expect(seats.json).toMatchObject({ seats: 60, status: 'active', manageable: true });
    ({ license } = await sync());
    expect(license).toMatchObject({ seats: 60 });

    // Cancel at the period end: it runs until then, then the job cancels it and the licence has expired.
    const cancel = await s.request('POST', `/v1/checkout/subscriptions/${row!.id}/cancel`, { token: buyer, body: { workspaceId: ws.id, when: 'periodEnd' } });
    expect(cancel.json.status).toBe('cancelling');
    [row] = await recordsOf(ws.id);
    await sandboxBillingDue(s.app.db, s.app.sales, new Date(row!.periodEnd!.getTime() + 1000));
    [row] = await recordsOf(ws.id);
    expect(row!.subscriptionStatus).toBe('cancelled');
    ({ info, license } = await sync());
    expect(info.status).toBe('cancelled');
    expect(new Date(license.expireDate as string).getTime()).toBeLessThanOrEqual(row!.periodEnd!.getTime());
    const types = (await eventsOf(row!.id)).map((e) => e.type);
    expect(types[0]).toBe('app.subscription.created');
    expect(types.at(-1)).toBe('app.subscription.cancelled');
    // Cancelled, it can be subscribed to again.
    expect((await s.request('POST', `/v1/checkout/apps/${standup}/sessions`, { token: buyer, body: { workspaceId: ws.id, planId: plan.id, seats: 3, acceptTerms: true } })).status).toBe(201);
  });

  it('a card whose charges fail: the trial ends past due, then cancelled', async () => {
    const ws = await register('Checkout Past Due');
    const buyer = await ws.token('marketplace:purchase');
    const offer = (await s.request('GET', `/v1/checkout/apps/${standup}?workspaceId=${ws.id}`, { token: buyer })).json;
    const plan = (offer.plans as { id: string; isPerSeat: boolean }[]).find((p) => !p.isPerSeat)!;
    const started = await s.request('POST', `/v1/checkout/apps/${standup}/sessions`, { token: buyer, body: { workspaceId: ws.id, planId: plan.id, acceptTerms: true } });
    expect((await pay(started.json.url, '4000000000000341')).status).toBe(303);
    let [row] = await recordsOf(ws.id);
    expect(row).toMatchObject({ subscriptionStatus: 'trialing', paymentMethod: 'pm_card_chargeCustomerFail' });
    const end = row!.periodEnd!;
    await sandboxBillingDue(s.app.db, s.app.sales, new Date(end.getTime() + 1000));
    [row] = await recordsOf(ws.id);
    expect(row!.subscriptionStatus).toBe('pastDue');
    // Nothing was credited for it.
    expect(await ledgerOf(`sale_${row!.id}`)).toEqual([]);
    // Still past due a day before PAST_DUE_DAYS are up; cancelled after.
    expect(await sandboxBillingDue(s.app.db, s.app.sales, new Date(end.getTime() + (PAST_DUE_DAYS - 1) * DAY))).toBe(0);
    await sandboxBillingDue(s.app.db, s.app.sales, new Date(end.getTime() + PAST_DUE_DAYS * DAY + 1000));
    [row] = await recordsOf(ws.id);
    expect(row!.subscriptionStatus).toBe('cancelled');
    const [publisher] = await s.app.db.select().from(publishers).where(eq(publishers.id, northwind));
    expect(publisher?.stripeAccountId).toBeTruthy();
    const events = await s.app.db.select().from(salesEvents).where(and(eq(salesEvents.purchaseId, row!.id), inArray(salesEvents.type, ['app.subscription.cancelled'])));
    expect(events.map((e) => (e.payload as { reason?: string }).reason)).toEqual(['payment failed']);
  });
});
