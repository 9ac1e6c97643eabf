// Buyers paying through Stripe: the portal's checkout session becomes a Stripe Checkout Session (a destination
// charge to the publisher's connected account, less the marketplace's fee), the buyer pays on Stripe's page (the
// fake's, over HTTP), and everything after is driven by Stripe's signed events arriving at POST /v1/stripe/events,
// against the real server on its own database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
//
// The checkout pages' routes (/v1/checkout/…) are written in another tree: the test starts and manages checkouts
// with the billing service they call (server/services/billing), for workspaces registered and tokened over HTTP.
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_SCOPE } from '../../contract/checkout';
import { demoPublishers } from '../../server/dev/seed/seed-data';
import { apps, appVersions, checkoutSessions, prices, purchaseRecords, salesEvents, stripeEvents } from '../../server/db/schema';
import { startCheckout, type ReturnPages } from '../../server/commerce/billing/checkout';
import { cancelSubscription, changeSeats, resumeSubscription } from '../../server/commerce/billing/subscriptions';
import { plansOf } from '../../server/commerce/sales/plans';
import { startServer, type TestServer } from '../harness';
import { startStripeFake, TEST_CARDS, type FakeEvent, type StripeFake } from '../stripe-fake';

const SECRET = 'whsec_portal_test_secret';
const NORTHWIND = demoPublishers.find((p) => p.key === 'northwind')!.stripe;
const pages: ReturnPages = {
  success: (id) => `https://chat.buyer.example/marketplace/checkout/done?session=${id}`,
  cancel: (id) => `https://chat.buyer.example/marketplace/checkout/cancelled?session=${id}`,
};

let s: TestServer;
let fake: StripeFake;
let admin: string;
let jira: { id: string; price: number };
let standup: { id: string; priceId: string; monthly: string };

beforeAll(async () => {
  fake = await startStripeFake();
  s = await startServer({}, { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_URL: fake.base, STRIPE_WEBHOOK_SECRET: SECRET });
  fake.setWebhook(`${s.base}/v1/stripe/events`, SECRET);
  admin = await s.signIn('admin');
  const appNamed = async (name: string) => {
    const [row] = await s.app.db
      .select({ app: apps })
      .from(apps)
      .innerJoin(appVersions, eq(appVersions.appId, apps.id))
      .where(and(eq(appVersions.name, name), eq(appVersions.status, 'published')));
    return row!.app;
  };
  const jiraApp = await appNamed('Jira Connector');
  jira = { id: jiraApp.id, price: jiraApp.price };
  const standupApp = await appNamed('Standup Bot');
  const monthly = (await plansOf(s.app.db, standupApp)).find((p) => p.strategy === 'monthly')!;
  expect(monthly).toMatchObject({ isPerSeat: true, trialDays: 14 });
  standup = { id: standupApp.id, priceId: standupApp.currentPricingId, monthly: monthly.id };
});
afterAll(async () => {
  await s?.close();
  await fake?.close();
});

/** A Rocket.Chat workspace registered by staff, and the purchase-scoped token its server gets with its client credentials. */
async function workspace(nickname: string) {
  const address = `https://${nickname}.chat.example`;
  const reg = await s.request('POST', '/v1/admin/workspaces', { token: admin, body: { nickname, address } });
  expect(reg.status, reg.text).toBe(201);
  const { clientId, clientSecret, workspace: ws } = reg.json as { clientId: string; clientSecret: string; workspace: { id: string } };
  const res = await fetch(`${s.base}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: clientId,
      client_secret: clientSecret,
      scope: PURCHASE_SCOPE,
      grant_type: 'client_credentials',
      redirect_uri: `${address}/admin/cloud/oauth-callback`,
    }),
  });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { scope: string }).scope).toBe(PURCHASE_SCOPE);
  return ws.id;
}

/** The portal starts a checkout (what POST /v1/checkout/apps/:appId/sessions does): its session, and Stripe's. */
async function checkout(workspaceId: string, appId: string, plan: { planId?: string; seats?: number } = {}) {
  const session = await startCheckout(
    s.app.db,
    s.app.payments,
    s.app.sales,
    workspaceId,
    appId,
    { workspaceId, planId: plan.planId ?? '', seats: plan.seats ?? 0, acceptTerms: true },
    pages,
  );
  const [row] = await s.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
  const stripeSession = fake.sessions.get(row!.providerSessionId!)!;
  expect(session.url).toBe(stripeSession.json.url);
  return { session, stripeSession };
}

/** The buyer on Stripe's hosted page: pays with a card (or cancels); where the browser is sent, or the page shown. */
async function pay(url: string, card: string | null) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(card === null ? { action: 'cancel' } : { card, action: 'pay' }),
    redirect: 'manual',
  });
  await fake.idle();
  return { status: res.status, location: res.headers.get('location'), html: res.status === 303 ? '' : await res.text() };
}

const recordOf = async (workspaceId: string, appId: string) => {
  const rows = await s.app.db
    .select()
    .from(purchaseRecords)
    .where(and(eq(purchaseRecords.workspaceId, workspaceId), eq(purchaseRecords.appId, appId)));
  expect(rows).toHaveLength(1);
  return rows[0]!;
};
const eventsOf = async (purchaseId: string) => (await s.app.db.select().from(salesEvents).where(eq(salesEvents.purchaseId, purchaseId))).map((e) => e.type);
const recorded = async (eventId: string) => (await s.app.db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId))).length;
const lastEvent = (type: string, where: (e: FakeEvent) => boolean = () => true) => fake.events.filter((e) => e.type === type && where(e)).at(-1)!;
const deliveredOk = (eventId: string) => {
  const all = fake.deliveries.filter((d) => d.eventId === eventId);
  expect(all.length).toBeGreaterThan(0);
  for (const d of all) expect(d, d.body).toMatchObject({ status: 200, body: JSON.stringify({ received: true }) });
};

describe('a one-time purchase through Stripe Checkout', () => {
  let ws: string;
  let paymentIntent: string;
  let purchaseId: string;
  let completed: FakeEvent;

  it('asks Stripe for a payment-mode session paying the publisher, less the marketplace fee', async () => {
    ws = await workspace('buyer-one');
    const { session, stripeSession } = await checkout(ws, jira.id);
    expect(session).toMatchObject({ kind: 'buy', status: 'open', price: jira.price });
    const cents = Math.round(jira.price * 100);
    expect(stripeSession.json).toMatchObject({
      mode: 'payment',
      client_reference_id: session.id,
      success_url: pages.success(session.id),
      cancel_url: pages.cancel(session.id),
    });
    expect(stripeSession.params).toMatchObject({
      line_items: { 0: { quantity: '1', price_data: { currency: 'usd', unit_amount: String(cents), product_data: { name: 'Jira Connector' } } } },
      payment_intent_data: {
        application_fee_amount: String(Math.round((cents * s.config.payments.feePercent) / 100)),
        transfer_data: { destination: NORTHWIND },
      },
      metadata: { checkoutSessionId: session.id, appId: jira.id, workspaceId: ws },
    });
    // The hosted page shows what is bought.
    const page = await fetch(session.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Jira Connector');
  });

  it('a declined card, and a card whose charges fail, buy nothing; the session stays open', async () => {
    const [row] = await s.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.workspaceId, ws));
    const url = fake.sessions.get(row!.providerSessionId!)!.json.url as string;
    const before = fake.events.length;
    for (const card of [TEST_CARDS.declined, TEST_CARDS.chargesFail]) {
      const res = await pay(url, card);
      expect(res.status).toBe(402);
      expect(res.html).toContain('Your card was declined.');
    }
    expect(fake.events.length).toBe(before);
    expect(await s.app.db.select().from(purchaseRecords).where(eq(purchaseRecords.workspaceId, ws))).toEqual([]);
    expect((await s.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, row!.id)))[0]!.status).toBe('open');
  });

  it('a paying card completes it: the event makes the purchase once, with its payment and a sales event', async () => {
    const [row] = await s.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.workspaceId, ws));
    const res = await pay(fake.sessions.get(row!.providerSessionId!)!.json.url as string, TEST_CARDS.pays);
    expect(res).toMatchObject({ status: 303, location: pages.success(row!.id) });
    completed = lastEvent('checkout.session.completed', (e) => e.data.object.client_reference_id === row!.id);
    deliveredOk(completed.id);
    paymentIntent = completed.data.object.payment_intent;
    expect(fake.paymentIntents.get(paymentIntent)).toMatchObject({
      amount: Math.round(jira.price * 100),
      transfer_data: { destination: NORTHWIND },
      status: 'succeeded',
    });

    const record = await recordOf(ws, jira.id);
    expect(record).toMatchObject({
      purchaseType: 'buy',
      price: jira.price,
      provider: 'stripe',
      providerPaymentId: paymentIntent,
      providerSubscriptionId: null,
      refundedAt: null,
    });
    purchaseId = record.id;
    expect(await eventsOf(purchaseId)).toEqual(['app.purchase.created']);
    const [session] = await s.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, row!.id));
    expect(session).toMatchObject({ status: 'completed', purchaseId });
    expect(await recorded(completed.id)).toBe(1);
  });

  it('the same event delivered again changes nothing', async () => {
    await fake.resend(completed.id);
    deliveredOk(completed.id);
    expect(fake.deliveries.filter((d) => d.eventId === completed.id)).toHaveLength(2);
    expect((await recordOf(ws, jira.id)).id).toBe(purchaseId);
    expect(await eventsOf(purchaseId)).toEqual(['app.purchase.created']);
    expect(await recorded(completed.id)).toBe(1);
  });

  it('a refund gives the payment back with the transfer and the fee, once per idempotency key', async () => {
    const refund = { paymentId: paymentIntent, amount: jira.price, idempotencyKey: `refund_${purchaseId}` };
    await s.app.payments.refund(refund);
    await s.app.payments.refund(refund);
    expect(fake.refunds).toEqual([
      expect.objectContaining({
        payment_intent: paymentIntent,
        amount: Math.round(jira.price * 100),
        reverse_transfer: true,
        refund_application_fee: true,
        key: refund.idempotencyKey,
      }),
    ]);
    // More than is left is Stripe's definitive refusal.
    await expect(s.app.payments.refund({ ...refund, amount: 1, idempotencyKey: `refund_${purchaseId}_again` })).rejects.toMatchObject({ definitive: true });
  });

  it('a forged, altered or missing signature is refused (400, the envelope) and changes nothing', async () => {
    const payload = JSON.stringify({ ...completed, id: 'evt_forged_1' });
    const post = (body: string, headers: Record<string, string>) =>
      s.request('POST', '/v1/stripe/events', { body, headers: { 'content-type': 'application/json', ...headers } });
    const forged = await post(payload, { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_the_portals' }) });
    const altered = await post(payload.replace(completed.data.object.client_reference_id, 'cs_someone_else'), {
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
    });
    const stale = await post(payload, {
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 }),
    });
    const unsigned = await post(payload, {});
    for (const res of [forged, altered, stale, unsigned]) {
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'invalid_signature', error: expect.any(String), requestId: expect.any(String) });
    }
    expect(await recorded('evt_forged_1')).toBe(0);
    expect(await eventsOf(purchaseId)).toEqual(['app.purchase.created']);
    // A signed event the portal does not use is acknowledged (Stripe would retry anything else).
    const other = JSON.stringify({ ...completed, id: 'evt_other_1', type: 'charge.succeeded', data: { object: { id: 'ch_1', object: 'charge' } } });
    const ok = await post(other, { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: other, secret: SECRET }) });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toEqual({ received: true });
  });

  it('a failure while applying an event records nothing: Stripe’s retry applies it', async () => {
    const buyer = await workspace('buyer-retry');
    const { stripeSession } = await checkout(buyer, jira.id);
    const credit = s.app.sales.credit;
    // The sale's write fails half way (inside its transaction).
    s.app.sales.credit = async () => {
      throw new Error('the database went away');
    };
    try {
      expect((await pay(stripeSession.json.url, TEST_CARDS.pays)).status).toBe(303);
    } finally {
      s.app.sales.credit = credit;
    }
    const event = lastEvent('checkout.session.completed', (e) => e.data.object.id === stripeSession.json.id);
    expect(fake.deliveries.filter((d) => d.eventId === event.id).map((d) => d.status)).toEqual([500]);
    expect(await recorded(event.id)).toBe(0);
    expect(await s.app.db.select().from(purchaseRecords).where(eq(purchaseRecords.workspaceId, buyer))).toEqual([]);
    await fake.resend(event.id);
    expect(fake.deliveries.filter((d) => d.eventId === event.id).map((d) => d.status)).toEqual([500, 200]);
    expect((await recordOf(buyer, jira.id)).providerPaymentId).toBe(event.data.object.payment_intent);
    expect(await recorded(event.id)).toBe(1);
  });

  it('two deliveries of one event at once are both acknowledged, and applied once', async () => {
    const buyer = await workspace('buyer-twice');
    const { stripeSession } = await checkout(buyer, jira.id);
    // Stripe cannot reach the portal for a moment: the event waits at Stripe.
    fake.setWebhook('http://127.0.0.1:9/unreachable', SECRET);
    try {
      expect((await pay(stripeSession.json.url, TEST_CARDS.pays)).status).toBe(303);
    } finally {
      fake.setWebhook(`${s.base}/v1/stripe/events`, SECRET);
    }
    const event = lastEvent('checkout.session.completed', (e) => e.data.object.id === stripeSession.json.id);
    expect(await recorded(event.id)).toBe(0);
    expect(fake.deliveries.filter((d) => d.eventId === event.id).map((d) => d.status)).toEqual([0]);
    // Then it arrives three times at once (Stripe's retry, and a resend from its dashboard, racing).
    const payload = JSON.stringify(event);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        s.request('POST', '/v1/stripe/events', {
          body: payload,
          headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
        }),
      ),
    );
    expect(answers.map((a) => [a.status, a.json])).toEqual([1, 2, 3].map(() => [200, { received: true }]));
    const record = await recordOf(buyer, jira.id);
    expect(await eventsOf(record.id)).toEqual(['app.purchase.created']);
    expect(await recorded(event.id)).toBe(1);
  });

  it('a cancelled checkout goes back to the cancel page; a session Stripe expires is expired in the portal', async () => {
    const buyer = await workspace('buyer-leaves');
    const { session, stripeSession } = await checkout(buyer, jira.id);
    expect(await pay(stripeSession.json.url, null)).toMatchObject({ status: 303, location: pages.cancel(session.id) });
    fake.expire(stripeSession.json.id);
    await fake.idle();
    deliveredOk(lastEvent('checkout.session.expired').id);
    const [row] = await s.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    expect(row!.status).toBe('expired');
    expect(await s.app.db.select().from(purchaseRecords).where(eq(purchaseRecords.workspaceId, buyer))).toEqual([]);
  });
});

describe('a per-seat subscription with a trial, through Stripe Billing', () => {
  let ws: string;
  let sub: string;
  let purchaseId: string;

  it('asks Stripe for a subscription-mode session: the tier price once, the seats in the metadata, the trial', async () => {
    ws = await workspace('subscriber');
    const { session, stripeSession } = await checkout(ws, standup.id, { planId: standup.monthly, seats: 10 });
    // Standup Bot's first tier: 4 per seat.
    expect(session).toMatchObject({ kind: 'subscription', price: 40, seats: 10, trialDays: 14 });
    expect(stripeSession.json).toMatchObject({ mode: 'subscription', client_reference_id: session.id });
    expect(stripeSession.params).toMatchObject({
      line_items: { 0: { quantity: '1', price_data: { currency: 'usd', unit_amount: '4000', recurring: { interval: 'month' } } } },
      subscription_data: {
        application_fee_percent: String(s.config.payments.feePercent),
        transfer_data: { destination: NORTHWIND },
        trial_period_days: '14',
        metadata: { seats: '10', appId: standup.id, workspaceId: ws },
      },
    });
    expect(stripeSession.params.payment_intent_data).toBeUndefined();

    const res = await pay(stripeSession.json.url, TEST_CARDS.pays);
    expect(res).toMatchObject({ status: 303, location: pages.success(session.id) });
    const completed = lastEvent('checkout.session.completed', (e) => e.data.object.client_reference_id === session.id);
    deliveredOk(completed.id);
    sub = completed.data.object.subscription;
    expect(fake.subscriptions.get(sub)).toMatchObject({ status: 'trialing', metadata: { seats: '10' }, application_fee_percent: s.config.payments.feePercent });
    const record = await recordOf(ws, standup.id);
    // Nothing was charged during the trial: no payment to refund yet.
    expect(record).toMatchObject({
      subscriptionStatus: 'trialing',
      seats: 10,
      price: 40,
      provider: 'stripe',
      providerSubscriptionId: sub,
      providerPaymentId: null,
    });
    purchaseId = record.id;
    expect(await eventsOf(purchaseId)).toEqual(['app.subscription.created']);
  });

  it('the trial ends (the test clock): the card pays, the subscription is active until the new period end', async () => {
    fake.advance(sub);
    await fake.idle();
    const paid = lastEvent('invoice.paid', (e) => e.data.object.parent.subscription_details.subscription === sub);
    expect(paid.data.object.billing_reason).toBe('subscription_cycle');
    deliveredOk(paid.id);
    deliveredOk(lastEvent('customer.subscription.updated', (e) => e.data.object.id === sub).id);
    const periodEnd = fake.subscriptions.get(sub)!.items.data[0].current_period_end as number;
    const intent = fake.paymentIntents.get([...fake.paymentIntents.values()].find((p) => p.invoice === paid.data.object.id)!.id)!;
    expect(intent).toMatchObject({
      amount: 4000,
      application_fee_amount: Math.round((4000 * s.config.payments.feePercent) / 100),
      transfer_data: { destination: NORTHWIND },
    });
    const record = await recordOf(ws, standup.id);
    expect(record).toMatchObject({ subscriptionStatus: 'active', providerPaymentId: intent.id });
    expect(record.periodEnd!.getTime()).toBe(periodEnd * 1000);
    expect(await eventsOf(purchaseId)).toEqual(['app.subscription.created', 'app.subscription.modified']);

    // The same invoice told again changes nothing.
    await fake.resend(paid.id);
    deliveredOk(paid.id);
    expect(await eventsOf(purchaseId)).toHaveLength(2);
  });

  it('renews at the end of the next period', async () => {
    const before = fake.subscriptions.get(sub)!.items.data[0].current_period_end as number;
    fake.advance(sub);
    await fake.idle();
    const after = fake.subscriptions.get(sub)!.items.data[0].current_period_end as number;
    expect(after).toBeGreaterThan(before);
    const record = await recordOf(ws, standup.id);
    expect(record.subscriptionStatus).toBe('active');
    expect(record.periodEnd!.getTime()).toBe(after * 1000);
    expect(await eventsOf(purchaseId)).toEqual(['app.subscription.created', 'app.subscription.modified', 'app.subscription.modified']);
  });

  it('a seat change prices the subscription’s one item anew at Stripe (same product and interval), prorated', async () => {
    const item = fake.subscriptions.get(sub)!.items.data[0];
    const owned = await changeSeats(s.app.db, s.app.payments, s.app.sales, ws, purchaseId, 20);
    await fake.idle();
    expect(owned).toMatchObject({ seats: 20, price: 80 });
    const changed = fake.subscriptions.get(sub)!;
    expect(changed.metadata.seats).toBe('20');
    expect(changed.items.data).toHaveLength(1);
    expect(changed.items.data[0]).toMatchObject({
      id: item.id,
      quantity: 1,
      price: { unit_amount: 8000, product: item.price.product, recurring: { interval: 'month' } },
    });
    const update = fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${sub}`).at(-1)!;
    expect(update.params).toMatchObject({ proration_behavior: 'create_prorations', metadata: { seats: '20' } });
    deliveredOk(lastEvent('customer.subscription.updated', (e) => e.data.object.id === sub).id);
    expect(await recordOf(ws, standup.id)).toMatchObject({ seats: 20, price: 80, subscriptionStatus: 'active' });
  });

  it('cancelled at the period end: cancelling until the clock ends the period, then cancelled', async () => {
    await cancelSubscription(s.app.db, s.app.payments, s.app.sales, ws, purchaseId, 'periodEnd');
    await fake.idle();
    expect(fake.subscriptions.get(sub)).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    expect((await recordOf(ws, standup.id)).subscriptionStatus).toBe('cancelling');
    fake.advance(sub);
    await fake.idle();
    deliveredOk(lastEvent('customer.subscription.deleted', (e) => e.data.object.id === sub).id);
    expect(fake.subscriptions.get(sub)!.status).toBe('canceled');
    expect((await recordOf(ws, standup.id)).subscriptionStatus).toBe('cancelled');
    expect((await eventsOf(purchaseId)).at(-1)).toBe('app.subscription.cancelled');
  });
});

describe('cards that fail, and subscriptions without a trial', () => {
  it('a card whose charges fail is taken for a trial; the first charge fails: past due', async () => {
    const ws = await workspace('failing-card');
    const { stripeSession } = await checkout(ws, standup.id, { planId: standup.monthly, seats: 3 });
    expect((await pay(stripeSession.json.url, TEST_CARDS.chargesFail)).status).toBe(303);
    const record = await recordOf(ws, standup.id);
    expect(record.subscriptionStatus).toBe('trialing');
    fake.advance(record.providerSubscriptionId!);
    await fake.idle();
    deliveredOk(lastEvent('invoice.payment_failed').id);
    expect(fake.subscriptions.get(record.providerSubscriptionId!)!.status).toBe('past_due');
    expect((await recordOf(ws, standup.id)).subscriptionStatus).toBe('pastDue');
  });

  describe('without a trial', () => {
    beforeAll(async () => {
      await s.app.db.update(prices).set({ trialEnabled: false }).where(eq(prices.id, standup.priceId));
    });
    afterAll(async () => {
      await s.app.db.update(prices).set({ trialEnabled: true }).where(eq(prices.id, standup.priceId));
    });

    it('declines a card whose charges fail (the first period is charged now)', async () => {
      const ws = await workspace('no-trial-declined');
      const { stripeSession } = await checkout(ws, standup.id, { planId: standup.monthly, seats: 2 });
      expect(stripeSession.params.subscription_data).not.toHaveProperty('trial_period_days');
      const res = await pay(stripeSession.json.url, TEST_CARDS.chargesFail);
      expect(res.status).toBe(402);
      expect(await s.app.db.select().from(purchaseRecords).where(eq(purchaseRecords.workspaceId, ws))).toEqual([]);
    });

    it('the first invoice pays it: active at once, its payment the invoice’s; cancelled now, it ends', async () => {
      const ws = await workspace('no-trial');
      const { stripeSession } = await checkout(ws, standup.id, { planId: standup.monthly, seats: 5 });
      expect((await pay(stripeSession.json.url, TEST_CARDS.pays)).status).toBe(303);
      const completed = lastEvent('checkout.session.completed', (e) => e.data.object.id === stripeSession.json.id);
      const invoice = fake.invoices.get(completed.data.object.invoice)!;
      expect(invoice).toMatchObject({ billing_reason: 'subscription_create', status: 'paid', amount_paid: 2000 });
      // The first invoice's invoice.paid is the checkout's own sale: it renews nothing.
      deliveredOk(lastEvent('invoice.paid', (e) => e.data.object.id === invoice.id).id);
      const intent = [...fake.paymentIntents.values()].find((p) => p.invoice === invoice.id)!;
      const record = await recordOf(ws, standup.id);
      expect(record).toMatchObject({
        subscriptionStatus: 'active',
        seats: 5,
        price: 20,
        providerSubscriptionId: completed.data.object.subscription,
        providerPaymentId: intent.id,
      });
      expect(await eventsOf(record.id)).toEqual(['app.subscription.created']);

      await cancelSubscription(s.app.db, s.app.payments, s.app.sales, ws, record.id, 'now');
      await fake.idle();
      expect(fake.subscriptions.get(record.providerSubscriptionId!)!.status).toBe('canceled');
      deliveredOk(lastEvent('customer.subscription.deleted', (e) => e.data.object.id === record.providerSubscriptionId).id);
      expect((await recordOf(ws, standup.id)).subscriptionStatus).toBe('cancelled');
      expect(await eventsOf(record.id)).toEqual(['app.subscription.created', 'app.subscription.cancelled']);
    });
  });
});

describe('Stripe’s events arriving before its answers', () => {
  // Stripe sends customer.subscription.updated/deleted as it answers a change; the portal may be told of its own
  // change by the webhook before it reads the answer. Each change still succeeds, once.
  beforeAll(() => fake.eventsBeforeAnswers(true));
  afterAll(() => fake.eventsBeforeAnswers(false));

  it('a seat change, a cancellation at the period end, a resumption and a cancellation now each succeed and are recorded once', async () => {
    const ws = await workspace('told-first');
    const { stripeSession } = await checkout(ws, standup.id, { planId: standup.monthly, seats: 4 });
    expect((await pay(stripeSession.json.url, TEST_CARDS.pays)).status).toBe(303);
    const { id } = await recordOf(ws, standup.id);
    const told = () => fake.events.length;

    let before = told();
    expect(await changeSeats(s.app.db, s.app.payments, s.app.sales, ws, id, 9)).toMatchObject({ seats: 9, status: 'trialing' });
    expect(fake.events.slice(before).map((e) => e.type)).toEqual(['customer.subscription.updated']);
    before = told();
    expect(await cancelSubscription(s.app.db, s.app.payments, s.app.sales, ws, id, 'periodEnd')).toMatchObject({ status: 'cancelling' });
    expect(fake.events.slice(before).map((e) => e.type)).toEqual(['customer.subscription.updated']);
    expect(await resumeSubscription(s.app.db, s.app.payments, s.app.sales, ws, id)).toMatchObject({ status: 'trialing' });
    expect(await cancelSubscription(s.app.db, s.app.payments, s.app.sales, ws, id, 'now')).toMatchObject({ status: 'cancelled' });
    await fake.idle();
    for (const d of fake.deliveries.filter((x) => fake.events.slice(before).some((e) => e.id === x.eventId))) expect(d.status, d.body).toBe(200);
    expect(await recordOf(ws, standup.id)).toMatchObject({ subscriptionStatus: 'cancelled', seats: 9 });
    expect(await eventsOf(id)).toEqual([
      'app.subscription.created',
      'app.subscription.modified',
      'app.subscription.modified',
      'app.subscription.modified',
      'app.subscription.cancelled',
    ]);
  });
  it('a cancellation now and a staff refund keep their own reason when Stripe’s word of them is applied first', async () => {
    const cancelled = await subscribed('told-first-cancel');
    await cancelSubscription(s.app.db, s.app.payments, s.app.sales, cancelled.workspaceId, cancelled.id, 'now');
    await fake.idle();
    expect(await reasonsOf(cancelled.id)).toEqual(['cancelled by the workspace']);

    const refunded = await subscribed('told-first-refund');
    fake.advance(refunded.providerSubscriptionId!);
    await fake.idle();
    expect((await recordOf(refunded.workspaceId, standup.id)).subscriptionStatus).toBe('active');
    const refund = await s.request('POST', `/v1/admin/purchases/${refunded.id}/refund`, { token: admin, body: {} });
    expect(refund.status, refund.text).toBe(200);
    await fake.idle();
    expect(await recordOf(refunded.workspaceId, standup.id)).toMatchObject({ subscriptionStatus: 'cancelled', refundedAmount: refunded.price });
    expect(await reasonsOf(refunded.id)).toEqual(['refunded']);
  });
});

/** A workspace's paid-for trial of Standup Bot: its purchase record. */
async function subscribed(nickname: string) {
  const ws = await workspace(nickname);
  const { stripeSession } = await checkout(ws, standup.id, { planId: standup.monthly, seats: 4 });
  expect((await pay(stripeSession.json.url, TEST_CARDS.pays)).status).toBe(303);
  return recordOf(ws, standup.id);
}
const reasonsOf = async (purchaseId: string) =>
  (
    await s.app.db
      .select()
      .from(salesEvents)
      .where(and(eq(salesEvents.purchaseId, purchaseId), eq(salesEvents.type, 'app.subscription.cancelled')))
  ).map((e) => (e.payload as { reason?: string }).reason);
