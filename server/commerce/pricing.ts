import { and, count, eq, sql } from 'drizzle-orm';
import { now as clockNow } from '../kernel/clock';
import { rollUpPurchases } from '../reports/rollups';
import type { z } from 'zod';
import type { NewPriceInput, SetPricingInput } from '../../contract/schemas/price';
import { decidePricing, type PurchaseChoice } from '../../machines/pricing';
import type { Db, Tx } from '../db/client';
import { newId } from '../db/ids';
import { apps, prices, purchaseRecords } from '../db/schema';
import { entitlingSubscription } from './sales/holdings';
import { emitEvents } from './sales/purchases';
import { badRequest, conflict, HttpError, notFound } from '../errors';

const off = { enabled: false, price: 0, stripePriceId: '', isSeatBased: false, tiers: [] };

/** Who is changing the price: the app the gate authorized, and whether the policy lets them sell (paidApp). */
export type Pricer = { appId: string; canCreatePaidApps: boolean };

/**
 * The app (locked for this transaction, so concurrent price changes queue up), its current purchase type
 * and how many subscriptions are active; paid apps as the policy allows the caller (canCreatePaidApps).
 */
async function pricingState(tx: Tx, { appId, canCreatePaidApps }: Pricer) {
  await tx.execute(sql`SELECT id FROM apps WHERE id = ${appId} FOR UPDATE`);
  const [row] = await tx.select({ app: apps }).from(apps).where(eq(apps.id, appId));
  if (!row || row.app.isBundle) throw notFound('App');
  const [subs] = await tx
    .select({ n: count() })
    .from(purchaseRecords)
    .where(and(eq(purchaseRecords.appId, appId), entitlingSubscription()));
  const current: PurchaseChoice = row.app.purchaseType === 'subscription' ? 'subscription' : row.app.price === 0 ? 'free' : 'buy';
  return { app: row.app, input: { current, canCreatePaidApps, activeSubscriptions: subs?.n ?? 0 } };
}

/** Makes `priceId` the app's one active price (the previous one becomes legacy) and the app follow it. */
async function activate(tx: Tx, appId: string, priceId: string, app: { purchaseType: 'buy' | 'subscription'; price: number }) {
  await tx
    .update(prices)
    .set({ active: false })
    .where(and(eq(prices.appId, appId), eq(prices.active, true)));
  await tx.update(prices).set({ active: true }).where(eq(prices.id, priceId));
  await tx
    .update(apps)
    .set({ ...app, currentPricingId: priceId, modifiedAt: new Date() })
    .where(eq(apps.id, appId));
}

/**
 * A new subscription plan becomes the app's active price (a new price makes the previous one legacy),
 * which makes the app a subscription app: the pricing machine must allow that move.
 */
export async function createPrice(db: Db, pricer: Pricer, input: NewPriceInput) {
  const { appId } = pricer;
  return db.transaction(async (tx) => {
    const { input: state } = await pricingState(tx, pricer);
    const id = newId();
    const decision = decidePricing(state, { type: 'subscription', pricingId: id });
    if (decision.kind === 'refused') throw new HttpError(decision.status, decision.status === 403 ? 'paid_apps_disabled' : 'pricing_refused', decision.message);
    await tx.insert(prices).values({
      id,
      appId,
      name: input.name,
      type: 'subscription',
      active: false,
      monthly: input.monthly,
      yearly: input.yearly,
      trialEnabled: input.trialEnabled,
      trialDuration: input.trialEnabled ? (input.trialDuration ?? 0) : 0,
    });
    await activate(tx, appId, id, { purchaseType: 'subscription', price: 0 });
    return id;
  });
}

/**
 * The pricing-set call: free (buy at 0), one-time at a price, or subscription on one of the app's plans —
 * as the pricing machine allows. Subscription → free needs the user's confirmation (409
 * `confirmation_required` with the count), then cancels every active subscription.
 */
export async function setPricing(db: Db, pricer: Pricer, input: z.infer<typeof SetPricingInput>) {
  const { appId } = pricer;
  return db.transaction(async (tx) => {
    const { app, input: state } = await pricingState(tx, pricer);
    const target =
      input.type === 'subscription' ? { type: 'subscription' as const, pricingId: input.pricingId ?? '' } : { type: 'buy' as const, buyPrice: input.buyPrice };
    const decision = decidePricing(state, target, input.confirmCancelSubscriptions === true);
    if (decision.kind === 'refused') {
      const field = decision.field;
      if (decision.status === 400) throw badRequest(decision.message, field ? [{ path: field, message: decision.message }] : undefined);
      throw new HttpError(decision.status, decision.status === 403 ? 'paid_apps_disabled' : 'pricing_refused', decision.message);
    }
    if (decision.kind === 'confirm') throw conflict('confirmation_required', decision.message);
    let cancelled = 0;
    if (decision.cancelSubscriptions > 0) {
      const before = await tx
        .select({ id: purchaseRecords.id, status: purchaseRecords.subscriptionStatus })
        .from(purchaseRecords)
        .where(and(eq(purchaseRecords.appId, appId), entitlingSubscription()))
        .for('update');
      const was = new Map(before.map((r) => [r.id, r.status]));
      const at = clockNow();
      const rows = await tx
        .update(purchaseRecords)
        .set({ subscriptionStatus: 'cancelled', endedAt: at })
        .where(and(eq(purchaseRecords.appId, appId), entitlingSubscription()))
        .returning();
      await rollUpPurchases(
        tx,
        rows.map((r) => ({ before: { ...r, subscriptionStatus: was.get(r.id) ?? null }, after: r })),
        at,
      );
      // Each cancelled subscription is a sales event, in this transaction (the change and its events commit together).
      await emitEvents(tx, 'app.subscription.cancelled', rows, (r) => ({
        changes: { status: { from: was.get(r.id), to: 'cancelled' } },
        reason: 'pricing-changed',
      }));
      cancelled = rows.length;
    }
    if (target.type === 'subscription') {
      const [plan] = await tx
        .select()
        .from(prices)
        .where(and(eq(prices.id, target.pricingId), eq(prices.appId, appId)));
      if (!plan || plan.type !== 'subscription')
        throw badRequest('A pricing plan is required.', [{ path: 'pricingId', message: 'A pricing plan is required.' }]);
      if (app.currentPricingId !== plan.id || !plan.active) await activate(tx, appId, plan.id, { purchaseType: 'subscription', price: 0 });
    } else if (state.current === 'subscription' || app.price !== target.buyPrice) {
      const id = newId();
      const free = target.buyPrice === 0;
      await tx.insert(prices).values({
        id,
        appId,
        name: free ? 'Free' : 'One-time',
        type: free ? 'free' : 'buy',
        active: false,
        buyPrice: target.buyPrice,
        monthly: off,
        yearly: off,
      });
      await activate(tx, appId, id, { purchaseType: 'buy', price: target.buyPrice });
    }
    return { cancelled };
  });
}
