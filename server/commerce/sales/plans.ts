import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { bundlePlans, prices, type PriceTerm } from '../../db/schema';

export type Plan = {
  /** An app's plan is its active subscription price and a strategy (`<priceId>:monthly`); a bundle's, its plan row. */
  id: string;
  strategy: 'monthly' | 'yearly';
  isPerSeat: boolean;
  price: number;
  tiers: PriceTerm['tiers'];
  trialDays: number;
};

export const appPlanId = (priceId: string, strategy: 'monthly' | 'yearly') => `${priceId}:${strategy}`;

/** The plans a subscription to the app (or bundle) can be on now. */
export async function plansOf(db: Db | Tx, app: { id: string; isBundle: boolean; currentPricingId: string }): Promise<Plan[]> {
  if (app.isBundle) {
    const rows = await db.select().from(bundlePlans).where(eq(bundlePlans.bundleId, app.id));
    return rows.map((p) => ({ id: p.id, strategy: p.strategy, isPerSeat: p.isPerSeat, price: p.price, tiers: p.tiers, trialDays: p.trialDays }));
  }
  const [price] = await db
    .select()
    .from(prices)
    .where(and(eq(prices.appId, app.id), eq(prices.active, true)));
  if (!price || price.type !== 'subscription') return [];
  return (['monthly', 'yearly'] as const)
    .filter((s) => price[s].enabled)
    .map((s) => ({
      id: appPlanId(price.id, s),
      strategy: s,
      isPerSeat: price[s].isSeatBased,
      price: price[s].price,
      tiers: price[s].tiers,
      trialDays: price.trialEnabled ? price.trialDuration : 0,
    }));
}

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * What `seats` cost on `plan` per period, and the most seats the price covers: a flat plan its price; a
 * per-seat plan the tier holding `seats` (per seat, or the tier's price). Null when no tier holds them.
 */
export function planPrice(plan: Plan, seats: number): { price: number; maxSeats: number } | null {
  if (!plan.isPerSeat) return { price: plan.price, maxSeats: 0 };
  // A tier's maximum of -1 has no upper bound: the seats bought are then the most it covers.
  const tier = plan.tiers.find((t) => seats >= t.minimum && (t.maximum < 0 || seats <= t.maximum));
  if (!tier) return null;
  return { price: cents(tier.perUnit ? tier.price * seats : tier.price), maxSeats: tier.maximum < 0 ? seats : tier.maximum };
}
