// The sales simulator (npm run simulate:sales) is the marketplace's buyers played over HTTP: every sale it makes
// goes through the checkout page's API and the sandbox's card form, as a real buyer's does.
import { count, eq, isNotNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { checkoutSessions, purchaseRecords, salesEvents, sandboxLedger, webhookActivities } from '../../server/db/schema';
import { SimulatedBuyer } from '../../server/dev/simulators/simulated-buyer';
import { sandboxBillingDue } from '../../server/commerce/billing/subscriptions';
import { SimulatedClients } from '../../server/dev/simulators/simulated-workspaces';
import { startServer, type TestServer } from '../harness';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

/** A seeded generator (mulberry32), so a failure replays. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

describe('the sales simulator (npm run simulate:sales)', () => {
  it('buys, subscribes, changes seats and cancels through the checkout — each sale a completed checkout, paid sales credited', async () => {
    const billed = () => s.app.db.select().from(purchaseRecords).where(isNotNull(purchaseRecords.provider));
    expect(await billed()).toEqual([]);
    const buyer = new SimulatedBuyer(s.app.db, s.base, new SimulatedClients(s.app.db, s.base), seeded(42));
    const kindOf = (m: string) => / (bought|started a trial of|subscribed to|changed) /.exec(m)?.[1] ?? m.replace(/ at (once|the period end)$/, '');
    // Which workspace and subscription a move picks also depends on the database's order of rows: moves are made
    // until every kind of move has happened (a bounded number), not a fixed number of them.
    const moves: string[] = [];
    const wanted = ['a workspace cancelled a subscription', 'bought', 'changed', 'started a trial of'];
    const trialsThatPay = async () => (await billed()).filter((r) => r.subscriptionStatus === 'trialing' && r.paymentMethod === 'pm_card_visa');
    for (let i = 0; i < 300 && (i < 40 || !wanted.every((k) => moves.some((m) => kindOf(m) === k)) || !(await trialsThatPay()).length); i++) {
      const what = await buyer.step();
      if (what) moves.push(what);
    }
    for (const k of wanted) expect(moves.map(kindOf)).toContain(k);
    // Every record the simulator made came through a completed checkout, with the sandbox as its provider.
    const records = await billed();
    const sessions = await s.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.status, 'completed'));
    expect(records.map((r) => r.id).sort()).toEqual(sessions.map((x) => x.purchaseId).sort());
    expect(records.every((r) => r.provider === 'sandbox' && !r.externallyManaged)).toBe(true);
    // Paid sales credit the publisher once each; trials are credited when they convert (the billing job).
    const credited = async () =>
      (await s.app.db.select().from(sandboxLedger).where(like(sandboxLedger.id, 'txn_sale_%'))).map((c) => c.id.replace('txn_sale_', ''));
    const bought = records.filter((r) => r.purchaseType === 'buy');
    expect(bought.length).toBeGreaterThan(0);
    for (const r of bought) expect(await credited()).toContain(r.id);
    const paying = await trialsThatPay();
    expect(paying.length).toBeGreaterThan(0);
    await sandboxBillingDue(s.app.db, s.app.sales, new Date(Date.now() + 31 * 86_400_000));
    const after = new Map((await billed()).map((r) => [r.id, r]));
    for (const r of paying) {
      expect(after.get(r.id)?.subscriptionStatus).toBe('active');
      expect(await credited()).toContain(r.id);
    }
    const types = await s.app.db.selectDistinct({ type: salesEvents.type }).from(salesEvents);
    expect(types.map((t) => t.type)).toEqual(expect.arrayContaining(['app.purchase.created', 'app.subscription.created', 'app.subscription.modified']));
  });

  it('runs in the server when SIMULATE_SALES_SECONDS is set, and production refuses it', async () => {
    const live = await startServer({ simulateSalesSeconds: 0.05 }, { WEBHOOK_WORKER: 'true' });
    try {
      const completed = async () => (await live.app.db.select({ n: count() }).from(checkoutSessions).where(eq(checkoutSessions.status, 'completed')))[0]!.n;
      await expect.poll(completed, { timeout: 20_000 }).toBeGreaterThan(2);
      // The simulated sales of Northwind's apps reach its demo webhook's activity log.
      const simulated = async () => (await live.app.db.select({ n: count() }).from(webhookActivities).where(like(webhookActivities.eventId, 'evt_%')))[0]!.n;
      await expect.poll(simulated, { timeout: 20_000 }).toBeGreaterThan(0);
    } finally {
      await live.close();
    }
    expect(() => loadConfig({ NODE_ENV: 'production', SIMULATE_SALES_SECONDS: '5' })).toThrow(/SIMULATE_SALES_SECONDS is for development/);
  });
});
