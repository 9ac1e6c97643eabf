import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { CHECKOUT_MESSAGES as M, type OwnedPurchase } from '../../../contract/schemas/checkout';
import type { Db, Tx } from '../../db/client';
import { apps, purchaseRecords } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { purchaseRow, type PurchaseRow } from '../../read/purchases';
import type { PaymentProvider } from '../payments/provider';
import { SANDBOX_METHODS } from '../payments/sandbox-cards';
import { planPrice, plansOf } from '../sales/plans';
import { changeSubscription, credit, type SalesMoney } from '../sales/purchases';
import { ownedOf, sameWorkspace, viaProvider } from './checkout';
import { nextPeriodEnd } from './periods';

const DAY = 86_400_000;
/** A subscription past due this long after its period's end (its payment failed and was not made good) is cancelled. */
export const PAST_DUE_DAYS = 7;

const field = (path: string, message: string) => badRequest(message, [{ path, message }]);

/** The plan of a subscription record (null when its app's prices changed since and the plan is gone). */
async function planOf(db: Db | Tx, row: PurchaseRow) {
  const [app] = await db.select().from(apps).where(eq(apps.id, row.appId));
  return app ? ((await plansOf(db, app)).find((p) => p.id === row.planId) ?? null) : null;
}

/** A marketplace-billed subscription by the provider's id, locked for the change (null when it is none of ours). */
async function byProviderId(tx: Tx, subscriptionId: string) {
  const [row] = await tx.select().from(purchaseRecords).where(eq(purchaseRecords.providerSubscriptionId, subscriptionId)).for('update');
  return row ?? null;
}

/**
 * A period was paid (a trial converted, or a renewal): the subscription is active until `periodEnd`, the
 * payment is the one a refund goes back to, and the publisher is credited for the period (once per period).
 * Through the service staff's records use: one `modified` event.
 */
export async function renewed(tx: Tx, money: SalesMoney, row: PurchaseRow, periodEnd: Date, paymentId: string | null) {
  if (paymentId && paymentId !== row.providerPaymentId) {
    await tx.update(purchaseRecords).set({ providerPaymentId: paymentId, refundedAmount: 0, refundedAt: null }).where(eq(purchaseRecords.id, row.id));
  }
  const wasTrial = row.subscriptionStatus === 'trialing';
  const { purchase } = await changeSubscription(tx, money, row, { subscriptionStatus: 'active', periodEnd });
  // A trial that converts is credited by changeSubscription (the sale itself); a renewal is a period of its own.
  if (!wasTrial) {
    const [updated] = await tx.select().from(purchaseRecords).where(eq(purchaseRecords.id, row.id));
    await credit(tx, money, updated!, purchase.appName, periodEnd.toISOString());
  }
  return purchase;
}

/** A period's payment failed: past due (the licence keeps its grace; PAST_DUE_DAYS later it is cancelled). */
export async function paymentFailed(tx: Tx, money: SalesMoney, row: PurchaseRow) {
  if (row.subscriptionStatus === 'pastDue' || row.subscriptionStatus === 'cancelled') return null;
  return (await changeSubscription(tx, money, row, { subscriptionStatus: 'pastDue' }, 'payment failed')).purchase;
}

// ——— What the provider tells (Stripe's events; the sandbox's job) ———

/** Provider: a period of `subscriptionId` was paid until `periodEnd`. Unknown subscriptions are ignored. */
export const providerRenewed = (db: Db, money: SalesMoney, subscriptionId: string, periodEnd: Date, paymentId: string | null) =>
  db.transaction(async (tx) => {
    const row = await byProviderId(tx, subscriptionId);
    if (!row || row.subscriptionStatus === 'cancelled') return null;
    // The same period told twice (an invoice and the subscription's update) changes nothing the second time.
    if (row.subscriptionStatus === 'active' && row.periodEnd && row.periodEnd.getTime() >= periodEnd.getTime()) return null;
    return renewed(tx, money, row, periodEnd, paymentId);
  });

/** Provider: a payment of `subscriptionId` failed. */
export const providerPaymentFailed = (db: Db, money: SalesMoney, subscriptionId: string) =>
  db.transaction(async (tx) => {
    const row = await byProviderId(tx, subscriptionId);
    return row ? paymentFailed(tx, money, row) : null;
  });

/**
 * Provider: the subscription as it is now (Stripe's `customer.subscription.updated/deleted`): its status,
 * seats and whether it ends at the period end. What already matches changes nothing (the portal applied its
 * own changes when it asked for them).
 */
export const providerUpdated = (
  db: Db,
  money: SalesMoney,
  subscriptionId: string,
  state: { status: 'active' | 'trialing' | 'pastDue' | 'cancelled'; cancelAtPeriodEnd: boolean; seats?: number; periodEnd?: Date },
) =>
  db.transaction(async (tx) => {
    const row = await byProviderId(tx, subscriptionId);
    if (!row || row.subscriptionStatus === 'cancelled') return null;
    const status = state.status === 'cancelled' ? 'cancelled' : state.cancelAtPeriodEnd && state.status !== 'pastDue' ? 'cancelling' : state.status;
    const patch: Parameters<typeof changeSubscription>[3] = { subscriptionStatus: status };
    if (state.seats !== undefined && row.isSeatBased && state.seats > 0) patch.seats = state.seats;
    // A new period comes with its invoice (providerRenewed), which credits it; not from here.
    if (status === 'active' && row.subscriptionStatus === 'trialing') return null;
    return (await changeSubscription(tx, money, row, patch, status === 'cancelled' ? 'cancelled' : undefined)).purchase;
  });

// ——— What the workspace asks (the checkout pages) ———

/** The workspace's own marketplace-billed subscription, as the checkout pages may change it. */
async function manageable(db: Db | Tx, workspaceId: string, id: string, lock = false) {
  const row = await purchaseRow(db, id, lock).catch(() => null);
  if (!row) throw notFound('Subscription');
  sameWorkspace(row.workspaceId, workspaceId);
  const plans = row.purchaseType === 'subscription' ? await plansOf(db, (await db.select().from(apps).where(eq(apps.id, row.appId)))[0]!) : [];
  const owned = ownedOf([row], row.appId, plans);
  if (!owned?.manageable || !row.providerSubscriptionId) throw conflict('not_manageable', M.notSubscribed);
  return { row, plans };
}

const ownedNow = async (db: Db, id: string) => {
  const row = await purchaseRow(db, id);
  const [app] = await db.select().from(apps).where(eq(apps.id, row.appId));
  return ownedOf([row], row.appId, app ? await plansOf(db, app) : [])!;
};

/** The workspace changes the seats of its per-seat subscription: the provider bills the new price from now on. */
export async function changeSeats(db: Db, payments: PaymentProvider, money: SalesMoney, workspaceId: string, id: string, seats: number): Promise<OwnedPurchase> {
  const { row } = await manageable(db, workspaceId, id);
  if (!row.isSeatBased) throw field('seats', 'This subscription is not billed per seat.');
  if (row.seats === seats) throw field('seats', M.sameSeats);
  const plan = await planOf(db, row);
  const cost = plan ? planPrice(plan, seats) : null;
  if (!plan || !cost) throw field('seats', `No tier of the plan covers ${seats} seats.`);
  await viaProvider(payments.updateSubscription({ subscriptionId: row.providerSubscriptionId!, amount: cost.price, seats }));
  await db.transaction(async (tx) => {
    const locked = await purchaseRow(tx, id, true);
    await changeSubscription(tx, money, locked, { seats });
  });
  return ownedNow(db, id);
}

/** The workspace cancels: at the period end (it runs until then), or now (it stops at once). */
export async function cancelSubscription(db: Db, payments: PaymentProvider, money: SalesMoney, workspaceId: string, id: string, when: 'periodEnd' | 'now'): Promise<OwnedPurchase> {
  const { row } = await manageable(db, workspaceId, id);
  await viaProvider(payments.cancelSubscription({ subscriptionId: row.providerSubscriptionId!, atPeriodEnd: when === 'periodEnd' }));
  await db.transaction(async (tx) => {
    const locked = await purchaseRow(tx, id, true);
    await changeSubscription(tx, money, locked, { subscriptionStatus: when === 'now' ? 'cancelled' : 'cancelling' }, 'cancelled by the workspace');
  });
  return ownedNow(db, id);
}

// ——— The sandbox's billing clock ———


/**
 * The sandbox's subscriptions due at `now` (the scheduled job, every minute): a trial or a period that ended is
 * charged to the saved card — paid: renewed for a period; failed: past due; one cancelling at its period end is
 * cancelled; one past due for PAST_DUE_DAYS is cancelled. Each in its own transaction under the record's lock.
 * Answers how many changed.
 */
export async function sandboxBillingDue(db: Db, money: SalesMoney, now = new Date()) {
  const due = await db
    .select({ id: purchaseRecords.id })
    .from(purchaseRecords)
    .where(
      and(
        eq(purchaseRecords.provider, 'sandbox'),
        eq(purchaseRecords.externallyManaged, false),
        inArray(purchaseRecords.subscriptionStatus, ['active', 'trialing', 'cancelling', 'pastDue']),
        lte(purchaseRecords.periodEnd, now),
      ),
    )
    .orderBy(asc(purchaseRecords.periodEnd))
    .limit(500);
  let changed = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const row = await purchaseRow(tx, id, true);
      if (!row.periodEnd || row.periodEnd > now || row.provider !== 'sandbox' || row.externallyManaged) return false;
      switch (row.subscriptionStatus) {
        case 'cancelling':
          await changeSubscription(tx, money, row, { subscriptionStatus: 'cancelled' }, 'period ended');
          return true;
        case 'pastDue':
          // Past due since the period's charge failed, at its end.
          if (now.getTime() - row.periodEnd.getTime() < PAST_DUE_DAYS * DAY) return false;
          await changeSubscription(tx, money, row, { subscriptionStatus: 'cancelled' }, 'payment failed');
          return true;
        case 'active':
        case 'trialing': {
          if (row.paymentMethod === SANDBOX_METHODS.chargesFail) {
            await paymentFailed(tx, money, row);
            return true;
          }
          const plan = await planOf(tx, row);
          await renewed(tx, money, row, nextPeriodEnd(row.periodEnd, plan?.strategy ?? 'monthly'), `ch_sbx_${row.id}_${row.periodEnd.getTime()}`);
          return true;
        }
        default:
          return false;
      }
    });
    if (done) changed++;
  }
  return changed;
}
