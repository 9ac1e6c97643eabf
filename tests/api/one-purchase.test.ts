// A workspace pays once for what it buys, whatever its administrator clicks (docs: server/commerce/billing/
// checkout.ts). Two defences, each tested here over the real server and database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): a new checkout session expires the workspace's older open sessions of the app (at the
// provider too, so their pages can no longer be paid); and a payment that still completes for an app the
// workspace holds by then — a page paid as it was being replaced, several at once — is voided: no second
// purchase, credit or sales event, and what the provider took is given back (Stripe: refunded, its subscription
// ended, with idempotency keys derived from the session).
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_SCOPE } from '../../contract/checkout';
import { uuidOf } from '../../server/dev/seed/seed';
import { apps, checkoutSessions, purchaseRecords, salesEvents, sandboxLedger } from '../../server/db/schema';
import { completeCheckout, startCheckout, type ReturnPages } from '../../server/commerce/billing/checkout';
import { VOID_CHECKOUT_JOB } from '../../server/kernel/job-kinds';
import { plansOf } from '../../server/commerce/sales/plans';
import { startServer, type TestServer } from '../harness';

import { registerWorkspace } from '../registered-workspace';
import { startStripeFake, TEST_CARDS, type StripeFake } from '../stripe-fake';
import { eventually } from '../eventually';

const jira = uuidOf('app:Jira Connector');
const standup = uuidOf('app:Standup Bot');
const pages: ReturnPages = {
  success: (id) => `https://chat.buyer.example/done?session=${id}`,
  cancel: (id) => `https://chat.buyer.example/cancelled?session=${id}`,
};

const recordsOf = (s: TestServer, workspaceId: string) => s.app.db.select().from(purchaseRecords).where(eq(purchaseRecords.workspaceId, workspaceId));
const sessionsOf = (s: TestServer, workspaceId: string) =>
  s.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.workspaceId, workspaceId)).orderBy(checkoutSessions.createdAt);
const eventsOf = async (s: TestServer, purchaseIds: string[]) =>
  (await s.app.db.select().from(salesEvents)).filter((e) => purchaseIds.includes(e.purchaseId ?? ''));
const voidJobs = async (s: TestServer) =>
  Number(
    ((await s.app.db.execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${VOID_CHECKOUT_JOB}`)) as unknown as { rows: { n: number }[] })
      .rows[0]!.n,
  );
const plan = async (s: TestServer, appId: string, strategy: 'monthly' | 'yearly') => {
  const [app] = await s.app.db.select().from(apps).where(eq(apps.id, appId));
  return (await plansOf(s.app.db, app!)).find((p) => p.strategy === strategy)!;
};

describe('with the sandbox provider', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer();
    admin = await s.signIn('admin');
  });
  afterAll(async () => s?.close());

  const start = async (buyer: string, workspaceId: string, appId: string, body: Record<string, unknown> = {}) => {
    const res = await s.request('POST', `/v1/checkout/apps/${appId}/sessions`, { token: buyer, body: { workspaceId, acceptTerms: true, ...body } });
    expect(res.status, res.text).toBe(201);
    return res.json as { id: string; url: string };
  };
  const payPage = (url: string) =>
    fetch(`${s.base}/dev-payments/checkout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ t: new URL(url, s.base).searchParams.get('t')!, number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', action: 'pay' }),
    });
  const sandboxSale = { providerSubscriptionId: null, providerPaymentId: 'ch_sbx_test', paymentMethod: 'pm_sbx_4242' };

  it('a new session replaces the open one: the older page ends, the newer one buys once', async () => {
    const ws = await registerWorkspace(s, admin, 'Two Tabs');
    const buyer = await ws.token(PURCHASE_SCOPE);
    const first = await start(buyer, ws.id, jira);
    const second = await start(buyer, ws.id, jira);
    expect((await s.request('GET', `/v1/checkout/sessions/${first.id}`, { token: buyer })).json).toMatchObject({ status: 'expired', purchaseId: null });
    expect((await s.request('GET', `/v1/checkout/sessions/${second.id}`, { token: buyer })).json).toMatchObject({ status: 'open' });
    expect((await fetch(new URL(first.url, s.base))).status).toBe(410);

    expect((await payPage(second.url)).status).toBe(303);
    // The older tab's page, paid after: it has ended; nothing more is made.
    expect((await payPage(first.url)).status).toBe(410);
    const records = await recordsOf(s, ws.id);
    expect(records).toHaveLength(1);
    expect(
      (
        await eventsOf(
          s,
          records.map((r) => r.id),
        )
      ).map((e) => e.type),
    ).toEqual(['app.purchase.created']);
  });

  it('a page paid after the workspace came to hold the app is voided: nothing charged, and the session says why', async () => {
    const ws = await registerWorkspace(s, admin, 'Held Meanwhile');
    const buyer = await ws.token(PURCHASE_SCOPE);
    const open = await start(buyer, ws.id, jira);
    // Meanwhile staff record a purchase of it for the workspace (as a bundle's purchase or another tab's would hold it).
    const staff = await s.request('POST', '/v1/admin/purchases', {
      token: admin,
      body: { appId: jira, workspaceId: ws.id, externallyManaged: true, periodEnd: new Date(Date.now() + 30 * 86_400_000).toISOString() },
    });
    expect(staff.status, staff.text).toBe(201);
    const ledgerBefore = (await s.app.db.select().from(sandboxLedger)).length;

    const paid = await payPage(open.url);
    expect(paid.status).toBe(303);
    expect(new URL(paid.headers.get('location')!).searchParams.get('session')).toBe(open.id);
    const session = await s.request('GET', `/v1/checkout/sessions/${open.id}`, { token: buyer });
    expect(session.json).toMatchObject({ status: 'voided', purchaseId: null, failure: 'This workspace already holds Jira Connector.' });
    expect(await recordsOf(s, ws.id)).toHaveLength(1);
    expect((await s.app.db.select().from(sandboxLedger)).length).toBe(ledgerBefore);
    // The sandbox took nothing: nothing to give back.
    expect(await voidJobs(s)).toBe(0);
    // Its page has ended.
    expect((await fetch(new URL(open.url, s.base))).status).toBe(410);
  });

  for (const [n, how] of [
    [2, 'in turn'],
    [2, 'at once'],
    [6, 'in turn'],
    [6, 'at once'],
  ] as const) {
    it(`${n} sessions of a one-time app paid ${how} leave one purchase, one credit and one event; the others are voided`, async () => {
      const ws = await registerWorkspace(s, admin, `Clicks ${n} ${how}`);
      const buyer = await ws.token(PURCHASE_SCOPE);
      const ids: string[] = [];
      for (let i = 0; i < n; i++) ids.push((await start(buyer, ws.id, jira)).id);
      // Each payment the provider reports (as pages paid in several tabs before any was replaced): one after the
      // other, or all at once (on PostgreSQL truly at once, on its pool's connections).
      const complete = (id: string) => completeCheckout(s.app.db, s.app.sales, id, sandboxSale);
      const done = how === 'at once' ? await Promise.all(ids.map(complete)) : [];
      if (how === 'in turn') for (const id of ids) done.push(await complete(id));
      expect(done.filter((d) => d.status === 'completed')).toHaveLength(1);
      expect(done.filter((d) => d.status === 'voided')).toHaveLength(n - 1);
      const records = await recordsOf(s, ws.id);
      expect(records).toHaveLength(1);
      expect(done.find((d) => d.status === 'completed')!.purchaseId).toBe(records[0]!.id);
      expect((await eventsOf(s, [records[0]!.id])).map((e) => e.type)).toEqual(['app.purchase.created']);
      const credits = (await s.app.db.select().from(sandboxLedger)).filter((e) => e.id.startsWith('txn_sale_') && e.id.endsWith(records[0]!.id));
      expect(credits).toHaveLength(1);
      // Told again, each answers as before.
      const again = await Promise.all(ids.map((id) => completeCheckout(s.app.db, s.app.sales, id, sandboxSale)));
      expect(again.map((d) => d.status)).toEqual(done.map((d) => d.status));
      expect(await recordsOf(s, ws.id)).toHaveLength(1);
      // And buying it again is refused up front.
      const refused = await s.request('POST', `/v1/checkout/apps/${jira}/sessions`, { token: buyer, body: { workspaceId: ws.id, acceptTerms: true } });
      expect(refused.status).toBe(409);
      expect(refused.json.code).toBe('owned');
    });
  }

  it('a monthly and a yearly session of one subscription app leave one subscription', async () => {
    const ws = await registerWorkspace(s, admin, 'Monthly Or Yearly');
    const buyer = await ws.token(PURCHASE_SCOPE);
    const monthly = await plan(s, standup, 'monthly');
    const yearly = await plan(s, standup, 'yearly');
    const a = await start(buyer, ws.id, standup, { planId: monthly.id, seats: 5 });
    const b = await start(buyer, ws.id, standup, { planId: yearly.id });
    const done = await Promise.all(
      [a.id, b.id].map((id) => completeCheckout(s.app.db, s.app.sales, id, { ...sandboxSale, providerSubscriptionId: `sub_sbx_${id}` })),
    );
    expect(done.map((d) => d.status).sort()).toEqual(['completed', 'voided']);
    const records = await recordsOf(s, ws.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ purchaseType: 'subscription', subscriptionStatus: 'trialing' });
    const offer = await s.request('GET', `/v1/checkout/apps/${standup}?workspaceId=${ws.id}`, { token: buyer });
    expect(offer.json.owned).toMatchObject({ purchaseId: records[0]!.id, kind: 'subscription', status: 'trialing' });
  });
});

describe('with Stripe', () => {
  const SECRET = 'whsec_one_purchase';
  let s: TestServer;
  let fake: StripeFake;
  let admin: string;
  beforeAll(async () => {
    fake = await startStripeFake();
    s = await startServer({}, { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_URL: fake.base, STRIPE_WEBHOOK_SECRET: SECRET });
    fake.setWebhook(`${s.base}/v1/stripe/events`, SECRET);
    admin = await s.signIn('admin');
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });

  const checkout = async (workspaceId: string, appId: string, choice: { planId?: string; seats?: number } = {}) => {
    const session = await startCheckout(
      s.app.db,
      s.app.payments,
      s.app.sales,
      workspaceId,
      appId,
      { workspaceId, planId: choice.planId ?? '', seats: choice.seats ?? 0, acceptTerms: true },
      pages,
    );
    const [row] = await s.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    return { id: session.id, stripe: fake.sessions.get(row!.providerSessionId!)! };
  };
  const pay = async (url: string) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card: TEST_CARDS.pays, action: 'pay' }),
      redirect: 'manual',
    });
    return res.status;
  };
  const delivered = async () => {
    await fake.idle();
    for (const d of fake.deliveries) expect(d, d.body).toMatchObject({ status: 200 });
  };

  it('a new session expires the open one at Stripe: its page can no longer be paid', async () => {
    const ws = await registerWorkspace(s, admin, 'Stripe Two Tabs');
    const first = await checkout(ws.id, jira);
    const second = await checkout(ws.id, jira);
    expect(first.stripe.json.status).toBe('expired');
    expect(fake.requests.some((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${first.stripe.json.id}/expire`)).toBe(true);
    expect((await fetch(first.stripe.json.url as string)).status).toBe(410);
    expect(await pay(second.stripe.json.url as string)).toBe(303);
    await delivered();
    const [a, b] = await sessionsOf(s, ws.id);
    expect([a!.status, b!.status]).toEqual(['expired', 'completed']);
    expect(await recordsOf(s, ws.id)).toHaveLength(1);
  });

  it('a page paid while it was being replaced, then the new one paid: one purchase, the second payment refunded in full', async () => {
    const ws = await registerWorkspace(s, admin, 'Stripe Race Buyer');
    const first = await checkout(ws.id, jira);
    // The portal hears of payments late: the first page is paid at Stripe before the second session is opened.
    fake.holdEvents();
    expect(await pay(first.stripe.json.url as string)).toBe(303);
    const second = await checkout(ws.id, jira);
    // Stripe refused to expire a paid session: the portal expired its own record all the same.
    expect(first.stripe.json.status).toBe('complete');
    expect(await pay(second.stripe.json.url as string)).toBe(303);
    fake.releaseEvents();
    await delivered();

    const records = await recordsOf(s, ws.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ providerPaymentId: first.stripe.json.payment_intent });
    expect((await eventsOf(s, [records[0]!.id])).map((e) => e.type)).toEqual(['app.purchase.created']);
    const [a, b] = await sessionsOf(s, ws.id);
    expect(a).toMatchObject({ id: first.id, status: 'completed', purchaseId: records[0]!.id });
    expect(b).toMatchObject({ id: second.id, status: 'voided', purchaseId: null, failure: 'This workspace already holds Jira Connector.' });
    // The job gives the second payment back: in full, with the transfer and the fee, under a key of the session's;
    // the buyer's page then says it was.
    await eventually(async () => (await sessionsOf(s, ws.id))[1]!.giveBack === 'done');
    const refunds = fake.refunds.filter((r) => r.payment_intent === second.stripe.json.payment_intent);
    expect(refunds).toEqual([
      expect.objectContaining({
        amount: second.stripe.json.amount_total,
        key: `void_refund_${second.id}`,
        reverse_transfer: true,
        refund_application_fee: true,
      }),
    ]);
    expect(fake.refunds.some((r) => r.payment_intent === first.stripe.json.payment_intent)).toBe(false);
  });

  it('a refund Stripe refuses for good is not tried again: the voided session says it failed, for staff to settle', async () => {
    const ws = await registerWorkspace(s, admin, 'Stripe Refund Refused');
    const first = await checkout(ws.id, jira);
    fake.holdEvents();
    expect(await pay(first.stripe.json.url as string)).toBe(303);
    const second = await checkout(ws.id, jira);
    expect(await pay(second.stripe.json.url as string)).toBe(303);
    // Refunded in Stripe's dashboard meanwhile: the portal's full refund is more than is left (a 400, definitive).
    const intent = fake.paymentIntents.get(second.stripe.json.payment_intent)!;
    intent.refunded = intent.amount_received;
    fake.releaseEvents();
    await delivered();
    await eventually(async () => (await sessionsOf(s, ws.id))[1]!.giveBack === 'failed');
    expect((await sessionsOf(s, ws.id))[1]).toMatchObject({ id: second.id, status: 'voided' });
    expect(fake.requests.filter((r) => r.path === '/v1/refunds' && r.idempotencyKey === `void_refund_${second.id}`)).toHaveLength(1);
    expect(await recordsOf(s, ws.id)).toHaveLength(1);
  });

  it('a monthly and a yearly subscription both paid: one subscription; the other is cancelled at Stripe and its payment refunded', async () => {
    const ws = await registerWorkspace(s, admin, 'Stripe Monthly Or Yearly');
    // Without their trials, so that each first period is charged at once (the demo's prices again afterwards).
    await s.app.db.execute(sql`UPDATE prices SET trial_enabled = false, trial_duration = 0 WHERE app_id = ${standup} AND active`);
    try {
      await monthlyAndYearly(ws.id);
    } finally {
      await s.app.db.execute(sql`UPDATE prices SET trial_enabled = true, trial_duration = 14 WHERE app_id = ${standup} AND active`);
    }
  });

  async function monthlyAndYearly(workspaceId: string) {
    const ws = { id: workspaceId };
    const monthly = await plan(s, standup, 'monthly');
    const yearly = await plan(s, standup, 'yearly');
    const a = await checkout(ws.id, standup, { planId: monthly.id, seats: 5 });
    fake.holdEvents();
    expect(await pay(a.stripe.json.url as string)).toBe(303);
    const b = await checkout(ws.id, standup, { planId: yearly.id });
    expect(await pay(b.stripe.json.url as string)).toBe(303);
    fake.releaseEvents();
    await delivered();

    const records = await recordsOf(s, ws.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ purchaseType: 'subscription', subscriptionStatus: 'active', providerSubscriptionId: a.stripe.json.subscription });
    const [voided] = await s.app.db
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.id, b.id), eq(checkoutSessions.status, 'voided')));
    expect(voided).toBeDefined();
    await eventually(
      () => fake.subscriptions.get(b.stripe.json.subscription)?.status === 'canceled' && fake.refunds.some((r) => r.key === `void_refund_${b.id}`),
    );
    expect(fake.subscriptions.get(a.stripe.json.subscription)?.status).toBe('active');
    await delivered();
    // Stripe's word that the voided subscription ended changes nothing of the workspace's.
    expect(await recordsOf(s, ws.id)).toEqual(records);
  }
});
