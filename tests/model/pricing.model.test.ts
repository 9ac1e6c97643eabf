import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNextSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { pricingMachine, pricingSnapshot, pricingText, type PricingEvent, type PricingInput, type PurchaseChoice } from '../../machines/pricing';
import { newId } from '../../server/db/ids';
import { accounts, apps, prices, purchaseRecords, workspaces } from '../../server/db/schema';
import { entitlingSubscription } from '../../server/commerce/sales/holdings';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { startServer, type DemoKey, type TestServer } from '../harness';
import { ModelCoverage, coveringTour } from './coverage';

/**
 * The pricing machine drives the real pricing call. For each kind of starting app (purchase type, whether
 * its publisher may create paid apps, how many active subscriptions it has), every covering walk of the
 * machine (coverage.ts) runs against POST /publisher/apps/{id}/pricing as the publisher would ask it (the
 * Change Pricing drawer and the wizard's pricing step): after each step the app's stored purchase type,
 * price and active subscriptions are the machine's; an event the machine refuses answers the spec's
 * refusal and changes nothing; the cancellation prompt is the server's 409 with the count.
 */
const off = { enabled: false, price: 0, stripePriceId: '', isSeatBased: false, tiers: [] };
const events: PricingEvent[] = [
  { type: 'CHOOSE_FREE' },
  { type: 'CHOOSE_BUY', price: 0 },
  { type: 'CHOOSE_BUY', price: 5.99 },
  { type: 'CHOOSE_SUBSCRIPTION', planId: 'plan-1' },
  { type: 'CHOOSE_SUBSCRIPTION', planId: '' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
];
const starts: (PricingInput & { who: DemoKey })[] = [
  { who: 'owner', current: 'free', canCreatePaidApps: true, activeSubscriptions: 0 },
  { who: 'fjordOwner', current: 'free', canCreatePaidApps: false, activeSubscriptions: 0 },
  { who: 'owner', current: 'buy', canCreatePaidApps: true, activeSubscriptions: 0 },
  { who: 'fjordOwner', current: 'buy', canCreatePaidApps: false, activeSubscriptions: 0 },
  { who: 'owner', current: 'subscription', canCreatePaidApps: true, activeSubscriptions: 3 },
  { who: 'owner', current: 'subscription', canCreatePaidApps: true, activeSubscriptions: 0 },
  { who: 'fjordOwner', current: 'subscription', canCreatePaidApps: false, activeSubscriptions: 2 },
];

let s: TestServer;
const tokens: Partial<Record<DemoKey, string>> = {};
const coverage = new ModelCoverage('pricing', pricingMachine, 'server');
beforeAll(async () => {
  s = await startServer({}, { COMPILE_WORKER: 'false' });
  for (const who of new Set(starts.map((x) => x.who))) tokens[who] = await s.signIn(who);
});
afterAll(async () => {
  coverage.report();
  await s.close();
});

/** A new app of `start.who`'s publisher in the starting purchase type, with a subscription plan to choose ('plan-1'). */
async function arrange(start: (typeof starts)[number]) {
  const appId = randomUUID();
  const token = tokens[start.who]!;
  const res = await s.upload('POST', '/v1/publisher/apps', token, [
    { field: 'app', filename: 'app.zip', data: zip(withManifest(fixtureFiles('standup-helper'), { id: appId })) },
  ]);
  expect(res.status, res.text).toBe(201);
  // Data the portal cannot make for an app yet (subscriptions are bought in workspaces; paid types without
  // the publisher's flag are from before it was withdrawn): written as the demo data is.
  const planId = newId();
  await s.app.db
    .insert(prices)
    .values({ id: planId, appId, name: 'Team', type: 'subscription', active: false, monthly: { ...off, enabled: true, price: 4 }, yearly: off });
  if (start.current !== 'free') {
    const id = start.current === 'subscription' ? planId : newId();
    if (id !== planId)
      await s.app.db.insert(prices).values({ id, appId, name: 'One-time', type: 'buy', active: false, buyPrice: 9, monthly: off, yearly: off });
    await s.app.db.update(prices).set({ active: false }).where(eq(prices.appId, appId));
    await s.app.db.update(prices).set({ active: true }).where(eq(prices.id, id));
    await s.app.db
      .update(apps)
      .set({ purchaseType: start.current === 'subscription' ? 'subscription' : 'buy', price: start.current === 'buy' ? 9 : 0, currentPricingId: id })
      .where(eq(apps.id, appId));
  }
  const [workspace] = await s.app.db.select({ id: workspaces.id }).from(workspaces).limit(1);
  const [account] = await s.app.db.select({ id: accounts.id }).from(accounts).limit(1);
  const [{ publisherId }] = (await s.app.db.select({ publisherId: apps.publisherId }).from(apps).where(eq(apps.id, appId))) as [{ publisherId: string }];
  for (let i = 0; i < start.activeSubscriptions; i++) {
    await s.app.db.insert(purchaseRecords).values({
      id: newId(),
      appId,
      publisherId,
      workspaceId: workspace!.id,
      accountId: account!.id,
      purchaseType: 'subscription',
      planId,
      subscriptionStatus: i % 2 ? 'trialing' : 'active',
    });
  }
  return { appId, token, planId };
}

/** The app as stored: its purchase type as the machine names it, its price, and its active subscriptions. */
async function stored(appId: string, token: string) {
  const res = await s.request('GET', `/v1/publisher/apps/${appId}`, { token });
  expect(res.status, res.text).toBe(200);
  const [subs] = await s.app.db
    .select({ n: count() })
    .from(purchaseRecords)
    .where(and(eq(purchaseRecords.appId, appId), entitlingSubscription()));
  const type: PurchaseChoice = res.json.purchaseType === 'subscription' ? 'subscription' : res.json.price === 0 ? 'free' : 'buy';
  return { type, price: res.json.price as number, subscriptions: subs!.n };
}

/**
 * The request the drawer sends for an event in a state (undefined: nothing is sent — the prompt's No, a
 * prompt answer with no prompt open, a choice while the prompt is open).
 */
function request(appId: string, token: string, planId: string, event: PricingEvent, prompting: boolean) {
  const answer = event.type === 'CONFIRM' || event.type === 'CANCEL';
  if (answer !== prompting) return undefined;
  const body =
    event.type === 'CHOOSE_FREE' || event.type === 'CONFIRM'
      ? { type: 'buy', buyPrice: 0, ...(event.type === 'CONFIRM' ? { confirmCancelSubscriptions: true } : {}) }
      : event.type === 'CHOOSE_BUY'
        ? { type: 'buy', buyPrice: event.price }
        : event.type === 'CHOOSE_SUBSCRIPTION'
          ? { type: 'subscription', buyPrice: 0, ...(event.planId ? { pricingId: planId } : {}) }
          : undefined;
  return body && s.request('POST', `/v1/publisher/apps/${appId}/pricing`, { token, body });
}

const serialize = (snapshot: { value: unknown; context: unknown }) => JSON.stringify([snapshot.value, snapshot.context]);

for (const start of starts) {
  const { who: _who, ...input } = start;
  describe(`pricing from ${input.current} (${input.canCreatePaidApps ? 'may' : 'may not'} create paid apps, ${input.activeSubscriptions} active subscriptions), on the server`, () => {
    const model = createTestModel(pricingMachine, { events, input, serializeState: serialize as never });
    const walks = coveringTour(model, serialize) as PricingEvent[][];
    for (const walk of walks) {
      const steps = walk.filter((e) => !e.type.startsWith('xstate.'));
      it(
        steps.map((e) => `${e.type}${'price' in e ? ` ${e.price}` : ''}${'planId' in e ? ` ${e.planId || 'none'}` : ''}`).join(' → ') || 'starts',
        async () => {
          const app = await arrange(start);
          let snapshot = pricingSnapshot(input);
          coverage.visit(snapshot, [pricingMachine.root.states.choosing!]);
          const expectStored = async (label: string) => {
            const now = await stored(app.appId, app.token);
            // The prompt changes nothing on the server: the app is still a subscription app.
            const type = snapshot.value === 'confirmingCancellation' ? 'subscription' : snapshot.value;
            expect(now.type, label).toBe(type);
            expect(now.subscriptions, label).toBe(snapshot.context.activeSubscriptions);
            if (type === 'buy' && snapshot.context.price > 0) expect(now.price, label).toBe(snapshot.context.price);
          };
          await expectStored('start');
          for (const event of steps) {
            const label = `${event.type} in ${String(snapshot.value)}`;
            const accepted = snapshot.can(event);
            const next = accepted ? getNextSnapshot(pricingMachine, snapshot, event) : snapshot;
            const res = await request(app.appId, app.token, app.planId, event, snapshot.value === 'confirmingCancellation');
            if (res) {
              if (!accepted) expect(res.status, `${label}: ${res.text}`).toBeGreaterThanOrEqual(400);
              else if (next.value === 'confirmingCancellation') {
                expect([res.status, res.json.code, res.json.error], label).toEqual([
                  409,
                  'confirmation_required',
                  pricingText.cancelSubscriptions(snapshot.context.activeSubscriptions),
                ]);
              } else expect(res.status, `${label}: ${res.text}`).toBe(200);
            }
            coverage.step(snapshot, event, next);
            snapshot = next;
            await expectStored(label);
          }
        },
      );
    }
  });
}
