// One suite, run on both payment providers: a Rocket.Chat workspace buys and subscribes through the checkout
// pages' calls (the `marketplace:purchase` token Rocket.Chat puts in the page's address), pays on the provider's
// page (the sandbox's card form; the Stripe fake's hosted page, whose signed events then drive the portal), and
// everything after goes through the same routes and the provider's clock: renewal, a failed charge to past due and
// on to cancelled, seat changes, cancelling at the period end and resuming, cancelling now, staff's refund. Each
// step is checked where the buyer, the publisher and Rocket.Chat see it: the purchase record, its sales events,
// the publisher's balance (the sandbox's ledger; the connected account at Stripe), the download, and the licence
// the workspace syncs (decrypted with the public key it got at registration, as Apps-Engine's Crypto does).
import { publicDecrypt } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_SCOPE } from '../../contract/checkout';
import { uuidOf } from '../../server/dev/seed/seed';
import { demoPublishers } from '../../server/dev/seed/seed-data';
import { purchaseRecords, salesEvents } from '../../server/db/schema';
import { PAST_DUE_DAYS, sandboxBillingDue } from '../../server/commerce/billing/subscriptions';
import { ROCKET_CHAT_DEFAULT_SCOPES } from '../../server/workspaces/scopes';
import { startServer, type TestServer } from '../harness';
import { registerWorkspace, type RegisteredWorkspace } from '../registered-workspace';
import { startStripeFake, TEST_CARDS, type StripeFake } from '../stripe-fake';

const jira = uuidOf('app:Jira Connector');
const standup = uuidOf('app:Standup Bot');
const northwind = demoPublishers.find((p) => p.key === 'northwind')!;
const DAY = 86_400_000;
const SECRET = 'whsec_billing_providers';
type Card = keyof typeof TEST_CARDS;
type Row = typeof purchaseRecords.$inferSelect;

/** What differs between the providers: how the buyer pays, and how time passes for a subscription. */
type Provider = {
  name: 'sandbox' | 'stripe';
  start(): Promise<TestServer>;
  /** The buyer on the provider's page: pays with a card, or leaves; the page's answer (303 back, 402 declined). */
  pay(s: TestServer, url: string, card: Card | null): Promise<{ status: number; location: string | null; html: string }>;
  /** The provider's work after a change is done (Stripe's events delivered). */
  settle(): Promise<void>;
  /** The subscription's period (or trial) ends: charged, failed, or ended. */
  endPeriod(s: TestServer, row: Row): Promise<void>;
  /** A past-due subscription's retries are used up. */
  retriesExhausted(s: TestServer, row: Row): Promise<void>;
  close(): Promise<void>;
};

function sandbox(): Provider {
  return {
    name: 'sandbox',
    start: () => startServer(),
    async pay(s, url, card) {
      const t = new URL(url, s.base).searchParams.get('t')!;
      const page = await fetch(new URL(url, s.base));
      expect(page.status).toBe(200);
      await page.text();
      const res = await fetch(`${s.base}/dev-payments/checkout`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(card ? { t, number: TEST_CARDS[card], expiry: '12/40', cvc: '123', action: 'pay' } : { t, action: 'cancel' }),
      });
      return { status: res.status, location: res.headers.get('location'), html: await res.text() };
    },
    settle: async () => {},
    async endPeriod(s, row) {
      const at = new Date(row.periodEnd!.getTime() + 1000);
      expect(await sandboxBillingDue(s.app.db, s.app.sales, at)).toBeGreaterThan(0);
      // The job again at the same time: nothing is due any more.
      expect(await sandboxBillingDue(s.app.db, s.app.sales, at)).toBe(0);
    },
    async retriesExhausted(s, row) {
      // Still past due a day before PAST_DUE_DAYS are up (charged again, failing again); cancelled after.
      expect(await sandboxBillingDue(s.app.db, s.app.sales, new Date(row.periodEnd!.getTime() + (PAST_DUE_DAYS - 1) * DAY))).toBe(0);
      expect(await sandboxBillingDue(s.app.db, s.app.sales, new Date(row.periodEnd!.getTime() + PAST_DUE_DAYS * DAY + 1000))).toBe(1);
    },
    close: async () => {},
  };
}

function stripe(): Provider {
  let fake: StripeFake;
  return {
    name: 'stripe',
    async start() {
      fake = await startStripeFake();
      const s = await startServer({}, { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_URL: fake.base, STRIPE_WEBHOOK_SECRET: SECRET });
      fake.setWebhook(`${s.base}/v1/stripe/events`, SECRET);
      fake.addAccount(northwind.stripe, { available: 0, pending: 0 });
      return s;
    },
    async pay(_s, url, card) {
      const res = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(card ? { card: TEST_CARDS[card], action: 'pay' } : { action: 'cancel' }),
      });
      await fake.idle();
      return { status: res.status, location: res.headers.get('location'), html: await res.text() };
    },
    settle: () => fake.idle(),
    async endPeriod(_s, row) {
      fake.advance(row.providerSubscriptionId!);
      await fake.idle();
    },
    async retriesExhausted(_s, row) {
      fake.retriesExhausted(row.providerSubscriptionId!);
      await fake.idle();
    },
    close: async () => fake?.close(),
  };
}

describe.each([sandbox(), stripe()])('buying and subscribing on the $name provider', (provider) => {
  let s: TestServer;
  let admin: string;
  let owner: string;
  beforeAll(async () => {
    s = await provider.start();
    admin = await s.signIn('admin');
    owner = await s.signIn('owner');
  });
  afterAll(async () => {
    await s?.close();
    await provider.close();
  });

  type Workspace = RegisteredWorkspace & { buyer: string };
  async function register(nickname: string): Promise<Workspace> {
    const ws = await registerWorkspace(s, admin, nickname);
    return { ...ws, buyer: await ws.token(PURCHASE_SCOPE) };
  }

  const call = (ws: Workspace, method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) =>
    s.request(method, path, { token: ws.buyer, ...(body ? { body: { workspaceId: ws.id, ...body } } : {}) });
  const recordsOf = (ws: Workspace) => s.app.db.select().from(purchaseRecords).where(eq(purchaseRecords.workspaceId, ws.id)).orderBy(asc(purchaseRecords.date));
  const only = async (ws: Workspace) => {
    const rows = await recordsOf(ws);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };
  const eventsOf = async (row: Row) =>
    (await s.app.db.select().from(salesEvents).where(eq(salesEvents.purchaseId, row.id)).orderBy(asc(salesEvents.seq))).map((e) => e.type);
  const cancelReasons = async (row: Row) =>
    (
      await s.app.db
        .select()
        .from(salesEvents)
        .where(and(eq(salesEvents.purchaseId, row.id), eq(salesEvents.type, 'app.subscription.cancelled')))
    ).map((e) => (e.payload as { reason?: string }).reason);
  /** The publisher's balance as its profile shows it (fresh from the provider): available and pending together. */
  const balance = async () => {
    const res = await s.request('GET', '/v1/publisher/balance', { token: owner });
    expect(res.status, res.text).toBe(200);
    return (res.json.available as number) + (res.json.pending as number);
  };
  const share = (price: number) => price * (1 - s.app.sales.feePercent / 100);
  const expectMoved = (before: number, after: number, by: number) => expect(Math.abs(after - before - by)).toBeLessThanOrEqual(0.011);
  /** Starts a checkout and pays it with `card`: the page's answer. */
  async function checkout(ws: Workspace, appId: string, card: Card | null, choice: { planId?: string; seats?: number } = {}) {
    const started = await call(ws, 'POST', `/v1/checkout/apps/${appId}/sessions`, { acceptTerms: true, ...choice });
    expect(started.status, started.text).toBe(201);
    return { session: started.json as { id: string; url: string }, paid: await provider.pay(s, started.json.url, card) };
  }
  /** Rocket.Chat's licence sync for one app: its subscription info, and the licence decrypted. */
  async function licence(ws: Workspace, appId: string) {
    const res = await s.request('GET', `/v1/workspaces/${ws.id}/apps/${appId}`, { token: await ws.token(ROCKET_CHAT_DEFAULT_SCOPES.join(' ')) });
    expect(res.status, res.text).toBe(200);
    const info = res.json.latest.subscriptionInfo as { status: string; license: { license: string; version: number } };
    expect(info.license.version).toBe(1);
    return {
      status: info.status,
      ...(JSON.parse(publicDecrypt(ws.publicKey, Buffer.from(info.license.license, 'base64')).toString()) as {
        appId: string;
        seats: number;
        expireDate: string;
      }),
    };
  }
  const download = async (ws: Workspace) => (await fetch(`${s.base}/v2/apps/${jira}/download/1.0.0?token=${await ws.token('marketplace:download')}`)).status;
  async function perSeatPlan(ws: Workspace) {
    const offer = await call(ws, 'GET', `/v1/checkout/apps/${standup}?workspaceId=${ws.id}`);
    expect(offer.status, offer.text).toBe(200);
    return (offer.json.plans as { id: string; isPerSeat: boolean; trialDays: number }[]).find((p) => p.isPerSeat && p.trialDays > 0)!;
  }

  it('a one-time purchase: a declined card makes nothing, the sale credits the publisher and allows the download, staff’s refund takes it back', async () => {
    const ws = await register(`${provider.name} one-time buyer`);
    const before = await balance();
    expect(await download(ws)).toBe(403);
    const { session, paid: declined } = await checkout(ws, jira, 'declined');
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    expect(await recordsOf(ws)).toEqual([]);

    const paid = await provider.pay(s, session.url, 'pays');
    expect(paid.status).toBe(303);
    expect(new URL(paid.location!).searchParams.get('session')).toBe(session.id);
    const row = await only(ws);
    expect(row).toMatchObject({ appId: jira, purchaseType: 'buy', provider: provider.name, publisherId: northwind.id });
    expect((await call(ws, 'GET', `/v1/checkout/sessions/${session.id}`)).json).toMatchObject({ status: 'completed', purchaseId: row.id });
    expect(await eventsOf(row)).toEqual(['app.purchase.created']);
    const sold = await balance();
    expectMoved(before, sold, share(row.price));
    expect(await download(ws)).toBe(200);

    // Half of it back, from the Purchase Record Information modal's Refund.
    const half = Math.round(row.price * 50) / 100;
    const refund = await s.request('POST', `/v1/admin/purchases/${row.id}/refund`, { token: admin, body: { amount: half, reason: 'Half of it did not work' } });
    expect(refund.status, refund.text).toBe(200);
    await provider.settle();
    expect(await eventsOf(row)).toEqual(['app.purchase.created', 'app.purchase.refunded']);
    expect(await only(ws)).toMatchObject({ refundedAmount: half });
    expectMoved(sold, await balance(), -share(half));
    expect(await download(ws)).toBe(403);
    expect((await s.request('POST', `/v1/admin/purchases/${row.id}/refund`, { token: admin, body: {} })).status).toBe(409);
  });

  it('abandoned at the provider’s page, a checkout makes nothing; another workspace’s token cannot buy for this one', async () => {
    const ws = await register(`${provider.name} abandoner`);
    const stranger = await register(`${provider.name} stranger`);
    const { paid } = await checkout(ws, jira, null);
    expect(paid.status).toBe(303);
    expect(new URL(paid.location!).searchParams.get('canceled')).toBe('1');
    expect(await recordsOf(ws)).toEqual([]);
    const stolen = await s.request('POST', `/v1/checkout/apps/${jira}/sessions`, { token: stranger.buyer, body: { workspaceId: ws.id, acceptTerms: true } });
    expect(stolen.status).toBe(403);
    expect(stolen.json.code).toBe('other_workspace');
  });

  it('a per-seat subscription: the trial converts, renews, changes seats, is cancelled at the period end and resumed, then ends — the licence says each', async () => {
    const ws = await register(`${provider.name} subscriber`);
    const plan = await perSeatPlan(ws);
    const before = await balance();
    expect((await checkout(ws, standup, 'pays', { planId: plan.id, seats: 12 })).paid.status).toBe(303);
    let row = await only(ws);
    expect(row).toMatchObject({ purchaseType: 'subscription', subscriptionStatus: 'trialing', seats: 12, provider: provider.name, providerPaymentId: null });
    expect(await licence(ws, standup)).toMatchObject({ status: 'trialing', appId: standup, seats: 12 });
    // The daily sync of every app lists it; another workspace's token cannot read this workspace's.
    const all = await s.request('GET', `/v1/workspaces/${ws.id}/apps?seats=12`, { token: await ws.token(ROCKET_CHAT_DEFAULT_SCOPES.join(' ')) });
    expect((all.json as { latest: { id: string } }[]).map((a) => a.latest.id)).toContain(standup);
    const stranger = await register(`${provider.name} sync stranger`);
    expect((await s.request('GET', `/v1/workspaces/${ws.id}/apps`, { token: await stranger.token(ROCKET_CHAT_DEFAULT_SCOPES.join(' ')) })).status).toBe(403);
    // Nothing is charged during the trial.
    expectMoved(before, await balance(), 0);

    // The trial ends: the card pays, active for a period, the publisher credited.
    const trialEnd = row.periodEnd!;
    await provider.endPeriod(s, row);
    row = await only(ws);
    expect(row.subscriptionStatus).toBe('active');
    expect(row.periodEnd!.getTime()).toBeGreaterThan(trialEnd.getTime() + 27 * DAY);
    expect(row.providerPaymentId).toBeTruthy();
    const converted = await balance();
    expectMoved(before, converted, share(row.price));

    // Renewed: another period, credited again.
    const firstEnd = row.periodEnd!;
    await provider.endPeriod(s, row);
    row = await only(ws);
    expect(row.subscriptionStatus).toBe('active');
    expect(row.periodEnd!.getTime()).toBeGreaterThan(firstEnd.getTime());
    const renewed = await balance();
    expectMoved(converted, renewed, share(row.price));

    // Seats, priced by the tiers; the licence follows.
    const seats = await call(ws, 'POST', `/v1/checkout/subscriptions/${row.id}/seats`, { seats: 60 });
    expect(seats.status, seats.text).toBe(200);
    expect(seats.json).toMatchObject({ seats: 60, status: 'active', manageable: true, paid: true });
    await provider.settle();
    expect(await only(ws)).toMatchObject({ seats: 60, subscriptionStatus: 'active' });
    expect(await licence(ws, standup)).toMatchObject({ status: 'active', seats: 60 });

    // Cancelled at the period end, then resumed: it renews again.
    const ending = await call(ws, 'POST', `/v1/checkout/subscriptions/${row.id}/cancel`, { when: 'periodEnd' });
    expect(ending.json).toMatchObject({ status: 'cancelling', manageable: true });
    await provider.settle();
    // While it ends, its seats stay; resuming is the way back.
    const refused = await call(ws, 'POST', `/v1/checkout/subscriptions/${row.id}/seats`, { seats: 70 });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe('This subscription ends at the end of its period: resume it first.');
    const resumed = await call(ws, 'POST', `/v1/checkout/subscriptions/${row.id}/resume`, {});
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.json).toMatchObject({ status: 'active' });
    await provider.settle();
    expect((await only(ws)).subscriptionStatus).toBe('active');
    expect((await call(ws, 'POST', `/v1/checkout/subscriptions/${row.id}/resume`, {})).json.error).toBe('This subscription is not being cancelled.');
    // The provider renews it again at the period end (for 60 seats now).
    row = await only(ws);
    const resumedEnd = row.periodEnd!;
    const beforeRenewal = await balance();
    await provider.endPeriod(s, row);
    row = await only(ws);
    expect(row).toMatchObject({ subscriptionStatus: 'active', seats: 60 });
    expect(row.periodEnd!.getTime()).toBeGreaterThan(resumedEnd.getTime());
    expectMoved(beforeRenewal, await balance(), share(row.price));

    // Cancelled at the period end again, and the period ends: cancelled, the licence expired, nothing charged.
    expect((await call(ws, 'POST', `/v1/checkout/subscriptions/${row.id}/cancel`, { when: 'periodEnd' })).status).toBe(200);
    await provider.settle();
    row = await only(ws);
    const charged = await balance();
    await provider.endPeriod(s, row);
    row = await only(ws);
    expect(row.subscriptionStatus).toBe('cancelled');
    expectMoved(charged, await balance(), 0);
    const last = await licence(ws, standup);
    expect(last.status).toBe('cancelled');
    expect(new Date(last.expireDate).getTime()).toBeLessThanOrEqual(row.periodEnd!.getTime());
    const types = await eventsOf(row);
    expect(types[0]).toBe('app.subscription.created');
    expect(types.at(-1)).toBe('app.subscription.cancelled');
    expect(await cancelReasons(row)).toEqual(['period ended']);
    // Cancelled, it can be subscribed to again.
    expect((await call(ws, 'POST', `/v1/checkout/apps/${standup}/sessions`, { planId: plan.id, seats: 3, acceptTerms: true })).status).toBe(201);
  });

  it('a card whose charges fail: the trial ends past due (nothing credited), cancelled when the retries are used up', async () => {
    const ws = await register(`${provider.name} past due`);
    const plan = await perSeatPlan(ws);
    const before = await balance();
    expect((await checkout(ws, standup, 'chargesFail', { planId: plan.id, seats: 5 })).paid.status).toBe(303);
    let row = await only(ws);
    expect(row.subscriptionStatus).toBe('trialing');
    await provider.endPeriod(s, row);
    row = await only(ws);
    expect(row.subscriptionStatus).toBe('pastDue');
    // Past due, it cannot be changed until paid.
    const seats = await call(ws, 'POST', `/v1/checkout/subscriptions/${row.id}/seats`, { seats: 6 });
    expect(seats.status).toBe(409);
    await provider.retriesExhausted(s, row);
    row = await only(ws);
    expect(row.subscriptionStatus).toBe('cancelled');
    expect(await cancelReasons(row)).toEqual(['payment failed']);
    expectMoved(before, await balance(), 0);
    expect((await licence(ws, standup)).status).toBe('cancelled');
  });

  it('a paid subscription refunded by staff: cancelled with reason "refunded", its period’s share debited; another cancelled now ends at once', async () => {
    const ws = await register(`${provider.name} refunded subscriber`);
    const plan = await perSeatPlan(ws);
    expect((await checkout(ws, standup, 'pays', { planId: plan.id, seats: 4 })).paid.status).toBe(303);
    let row = await only(ws);
    // A trial has no payment to refund.
    expect((await s.request('POST', `/v1/admin/purchases/${row.id}/refund`, { token: admin, body: {} })).status).toBe(409);
    await provider.endPeriod(s, row);
    row = await only(ws);
    expect(row.subscriptionStatus).toBe('active');
    const paid = await balance();
    const refund = await s.request('POST', `/v1/admin/purchases/${row.id}/refund`, { token: admin, body: { reason: 'Charged after the workspace closed' } });
    expect(refund.status, refund.text).toBe(200);
    await provider.settle();
    row = await only(ws);
    expect(row).toMatchObject({ subscriptionStatus: 'cancelled', refundedAmount: row.price });
    expect(await cancelReasons(row)).toEqual(['refunded']);
    expectMoved(paid, await balance(), -share(row.price));
    expect((await licence(ws, standup)).status).toBe('cancelled');

    const other = await register(`${provider.name} cancels now`);
    expect((await checkout(other, standup, 'pays', { planId: plan.id, seats: 2 })).paid.status).toBe(303);
    const running = await only(other);
    const now = await call(other, 'POST', `/v1/checkout/subscriptions/${running.id}/cancel`, { when: 'now' });
    expect(now.json).toMatchObject({ status: 'cancelled', manageable: false });
    await provider.settle();
    expect((await only(other)).subscriptionStatus).toBe('cancelled');
    expect(await cancelReasons(running)).toEqual(['cancelled by the workspace']);
  });
});
