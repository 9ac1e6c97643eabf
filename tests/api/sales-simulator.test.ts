import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { purchaseRecords, salesEvents, sandboxLedger, webhookActivities } from '../../server/db/schema';
import { simulateSale } from '../../server/services/sales/simulator';
import { uuidOf } from '../../server/db/seed';
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
const n = async (table: typeof purchaseRecords | typeof salesEvents) => (await s.app.db.select({ n: count() }).from(table))[0]!.n;

describe('the sales simulator (npm run simulate:sales)', () => {
  it('sells, subscribes, starts trials billing, adds seats and cancels — each change one event, paid sales credited', async () => {
    const [records0, events0] = [await n(purchaseRecords), await n(salesEvents)];
    const rnd = seeded(42);
    const moves: string[] = [];
    for (let i = 0; i < 80; i++) {
      const what = await simulateSale(s.app.db, s.app.sales, rnd);
      if (what) moves.push(what);
    }
    const kinds = new Set(moves.map((m) => m.replace(/^.* (bought|subscribed)/, '$1').replace(' on a trial', '')));
    expect([...kinds].sort()).toEqual(['a subscription added seats', 'a subscription was cancelled', 'a trial started billing', 'bought an app', 'subscribed']);
    // Bundles sell too (the demo's published bundle is a subscription).
    const bundleId = uuidOf('bundle:Northwind Productivity Pack');
    expect((await s.app.db.select({ n: count() }).from(purchaseRecords).where(eq(purchaseRecords.appId, bundleId)))[0]!.n).toBeGreaterThan(0);
    const made = (await n(purchaseRecords)) - records0;
    expect(made).toBe(moves.filter((m) => / (bought|subscribed)/.test(m)).length);
    expect((await n(salesEvents)) - events0).toBe(moves.length);
    const types = await s.app.db.selectDistinct({ type: salesEvents.type }).from(salesEvents);
    expect(types.map((t) => t.type).sort()).toEqual(['app.purchase.created', 'app.subscription.cancelled', 'app.subscription.created', 'app.subscription.modified']);
    // Paid marketplace sales of a connected publisher credit its sandbox account, once per purchase.
    const credits = await s.app.db.select().from(sandboxLedger).where(like(sandboxLedger.id, 'txn_sale_%'));
    expect(credits.length).toBeGreaterThan(0);
    expect(new Set(credits.map((c) => c.id)).size).toBe(credits.length);
    for (const c of credits) {
      const id = c.id.replace('txn_sale_', '');
      const [record] = await s.app.db.select().from(purchaseRecords).where(eq(purchaseRecords.id, id));
      expect(record!.externallyManaged).toBe(false);
      // The publisher's 70 % of the price when it started billing (seats added later change the price, not the credit).
      const prices = (await s.app.db.select().from(salesEvents).where(eq(salesEvents.purchaseId, id))).map((e) => (e.payload as { purchase: { price: number } }).purchase.price);
      expect(prices.map((p) => Math.round(p * 70) / 100)).toContain(c.amount);
    }
  });

  it('runs in the server when SIMULATE_SALES_SECONDS is set, and production refuses it', async () => {
    const live = await startServer({ simulateSalesSeconds: 0.05 }, { WEBHOOK_WORKER: 'true' });
    try {
      const before = (await live.app.db.select({ n: count() }).from(salesEvents))[0]!.n;
      await expect.poll(async () => (await live.app.db.select({ n: count() }).from(salesEvents))[0]!.n, { timeout: 10_000 }).toBeGreaterThan(before + 2);
      // The simulated sales of Northwind's apps reach its demo webhook's activity log.
      const simulated = async () => (await live.app.db.select({ n: count() }).from(webhookActivities).where(like(webhookActivities.eventId, 'evt_%')))[0]!.n;
      await expect.poll(simulated, { timeout: 15_000 }).toBeGreaterThan(0);
    } finally {
      await live.close();
    }
    expect(() => loadConfig({ NODE_ENV: 'production', SIMULATE_SALES_SECONDS: '5' })).toThrow(/SIMULATE_SALES_SECONDS is for development/);
  });
});
