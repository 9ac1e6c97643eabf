import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNextSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { PURCHASE_SCOPE } from '../../contract/checkout';
import { newSubscription, subscriptionMachine, type SubscriptionContext, type SubscriptionEvent } from '../../machines/subscription';
import { uuidOf } from '../../server/dev/seed/seed';
import { apps, prices, purchaseRecords } from '../../server/db/schema';
import { PAST_DUE_DAYS, sandboxBillingDue } from '../../server/commerce/billing/subscriptions';
import { SANDBOX_METHODS } from '../../server/dev/payments/sandbox-cards';
import { startServer, type TestServer } from '../harness';
import { registerWorkspace } from '../registered-workspace';
import { ModelCoverage, coveringTour } from './coverage';

/**
 * The subscription machine drives a real subscription on the real server (the sandbox provider). For a plan
 * with a trial and one without, every covering walk of the machine (coverage.ts) starts with a new workspace paying
 * the checkout, then sends each event the way it really happens: the workspace's changes through the checkout
 * pages' calls, staff's refund through its route, and the provider's events by the sandbox's billing clock run
 * at the period's end (PERIOD_PAID and PAYMENT_FAILED with the card on file paying or failing — the test sets
 * the card, which buyers change at their provider). After each step the record's status, seats and whether its
 * period is paid are the machine's; a change the machine refuses is refused (4xx) and changes nothing.
 */
const DAY = 86_400_000;
const standup = uuidOf('app:Standup Bot');
const events: SubscriptionEvent[] = [
  { type: 'PERIOD_PAID' },
  { type: 'PAYMENT_FAILED' },
  { type: 'PERIOD_ENDED' },
  { type: 'PAST_DUE_EXPIRED' },
  { type: 'CHANGE_SEATS', seats: 20 },
  { type: 'CANCEL_AT_PERIOD_END' },
  { type: 'CANCEL_NOW' },
  { type: 'RESUME' },
  { type: 'REFUND' },
];
const clockEvents = new Set(['PERIOD_PAID', 'PAYMENT_FAILED', 'PERIOD_ENDED', 'PAST_DUE_EXPIRED']);
const SEATS = 12;

let s: TestServer;
let admin: string;
let planId: string;
let priceId: string;
const coverage = new ModelCoverage('subscription', subscriptionMachine, 'server');
beforeAll(async () => {
  s = await startServer({}, { COMPILE_WORKER: 'false' });
  admin = await s.signIn('admin');
  const [app] = await s.app.db.select().from(apps).where(eq(apps.id, standup));
  priceId = app!.currentPricingId;
});
afterAll(async () => {
  await s?.close();
});

let n = 0;
/** A new workspace subscribed to Standup Bot's per-seat plan, paid with a card that pays: its record and token. */
async function subscribe() {
  const workspace = await registerWorkspace(s, admin, `Model subscriber ${++n}`);
  const token = await workspace.token(PURCHASE_SCOPE);
  const offer = await s.request('GET', `/v1/checkout/apps/${standup}?workspaceId=${workspace.id}`, { token });
  planId = (offer.json.plans as { id: string; isPerSeat: boolean; strategy: string }[]).find((p) => p.isPerSeat && p.strategy === 'monthly')!.id;
  const started = await s.request('POST', `/v1/checkout/apps/${standup}/sessions`, {
    token,
    body: { workspaceId: workspace.id, planId, seats: SEATS, acceptTerms: true },
  });
  expect(started.status, started.text).toBe(201);
  const t = new URL(started.json.url, s.base).searchParams.get('t')!;
  const paid = await fetch(`${s.base}/dev-payments/checkout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ t, number: '4242424242424242', expiry: '12/40', cvc: '123', action: 'pay' }),
  });
  expect(paid.status).toBe(303);
  const [row] = await s.app.db.select().from(purchaseRecords).where(eq(purchaseRecords.workspaceId, workspace.id));
  return { id: row!.id, workspaceId: workspace.id, token };
}

const record = async (id: string) => (await s.app.db.select().from(purchaseRecords).where(eq(purchaseRecords.id, id)))[0]!;
const observed = (r: typeof purchaseRecords.$inferSelect) => ({ status: r.subscriptionStatus, seats: r.seats, paid: !!r.providerPaymentId && !r.refundedAt });

/** The event, as it really happens to subscription `sub` (the clock: only where the machine takes it — nobody can send it). */
async function send(sub: Awaited<ReturnType<typeof subscribe>>, event: SubscriptionEvent) {
  const row = await record(sub.id);
  const clock = (at: number) => sandboxBillingDue(s.app.db, s.app.sales, new Date(at));
  const card = (method: string) => s.app.db.update(purchaseRecords).set({ paymentMethod: method }).where(eq(purchaseRecords.id, sub.id));
  const buyer = (path: string, body: Record<string, unknown>) =>
    s.request('POST', `/v1/checkout/subscriptions/${sub.id}/${path}`, { token: sub.token, body: { workspaceId: sub.workspaceId, ...body } });
  const end = row.periodEnd!.getTime();
  switch (event.type) {
    case 'PERIOD_PAID':
      await card(SANDBOX_METHODS.pays);
      return { changed: await clock(end + 1000) };
    case 'PAYMENT_FAILED':
      await card(SANDBOX_METHODS.chargesFail);
      return { changed: await clock(end + 1000) };
    case 'PERIOD_ENDED':
      return { changed: await clock(end + 1000) };
    case 'PAST_DUE_EXPIRED':
      return { changed: await clock(end + PAST_DUE_DAYS * DAY + 1000) };
    case 'CHANGE_SEATS':
      return buyer('seats', { seats: event.seats });
    case 'CANCEL_AT_PERIOD_END':
      return buyer('cancel', { when: 'periodEnd' });
    case 'CANCEL_NOW':
      return buyer('cancel', { when: 'now' });
    case 'RESUME':
      return buyer('resume', {});
    case 'REFUND':
      return s.request('POST', `/v1/admin/purchases/${sub.id}/refund`, { token: admin, body: { reason: 'model' } });
  }
}

const starts: { name: string; trial: boolean; context: SubscriptionContext }[] = [
  { name: 'a plan with a trial', trial: true, context: { paid: false, perSeat: true, seats: SEATS } },
  { name: 'a plan without a trial', trial: false, context: { paid: true, perSeat: true, seats: SEATS } },
];
const serialize = (snapshot: { value: unknown; context: SubscriptionContext }) => JSON.stringify([snapshot.value, snapshot.context.paid]);

for (const start of starts) {
  describe(`a subscription to ${start.name}, on the server`, () => {
    beforeAll(async () => {
      await s.app.db.update(prices).set({ trialEnabled: start.trial }).where(eq(prices.id, priceId));
    });
    afterAll(async () => {
      await s.app.db.update(prices).set({ trialEnabled: true }).where(eq(prices.id, priceId));
    });
    const model = createTestModel(subscriptionMachine, { events, input: start.context, serializeState: serialize as never });
    const walks = coveringTour(model, serialize) as SubscriptionEvent[][];
    for (const walk of walks) {
      const steps = walk.filter((e) => !e.type.startsWith('xstate.'));
      it(steps.map((e) => e.type).join(' → ') || 'starts', async () => {
        const sub = await subscribe();
        let snapshot = newSubscription(start.context);
        coverage.visit(snapshot, [subscriptionMachine.root.states.starting!]);
        expect(observed(await record(sub.id))).toEqual({ status: snapshot.value, seats: SEATS, paid: start.context.paid });
        for (const event of steps) {
          const before = await record(sub.id);
          const taken = snapshot.can(event);
          if (!taken && clockEvents.has(event.type)) continue;
          const res = await send(sub, event);
          const next = taken ? getNextSnapshot(subscriptionMachine, snapshot, event) : snapshot;
          const after = await record(sub.id);
          if (taken) {
            // The clock changes every subscription due then: this one among them.
            if ('changed' in res) expect(res.changed, event.type).toBeGreaterThanOrEqual(1);
            else expect(res.status, `${event.type}: ${res.text}`).toBe(200);
            coverage.step(snapshot, event, next);
          } else {
            // Refused, in the envelope, and nothing changed.
            expect([400, 409], `${event.type} in ${String(snapshot.value)}`).toContain((res as { status: number }).status);
            expect((res as { json: { error: string } }).json.error).toEqual(expect.any(String));
            expect(after).toEqual(before);
          }
          expect(observed(after), `${event.type} from ${String(snapshot.value)}`).toEqual({
            status: next.value,
            seats: next.context.seats,
            paid: next.context.paid,
          });
          snapshot = next;
        }
        // Ended here, so that the clock of later walks has few others to bill.
        if (snapshot.can({ type: 'CANCEL_NOW' })) expect(await send(sub, { type: 'CANCEL_NOW' })).toMatchObject({ status: 200 });
      });
    }
  });
}

it('drove every state and transition of the machine against the server', () => {
  const r = coverage.report();
  expect([...r.states.missing, ...r.transitions.missing]).toEqual([]);
});
