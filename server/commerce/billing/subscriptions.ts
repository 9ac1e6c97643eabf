import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { now as clockNow } from '../../kernel/clock';
import { CHECKOUT_MESSAGES as M, type OwnedPurchase } from '../../../contract/schemas/checkout';
import type { Db, Tx } from '../../db/client';
import { apps, purchaseRecords } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { purchaseRow, type PurchaseRow } from '../read/purchases';
import type { CancelReason, PaymentProvider } from '../payments/provider';
import { SANDBOX_METHODS } from '../../dev/payments/sandbox-cards';
import { planPrice, plansOf } from '../sales/plans';
import { changeSubscription, credit, type SalesMoney, type SubscriptionPatch } from '../sales/purchases';
import { machineInput, ownedOf, sameWorkspace, viaProvider } from './checkout';
import { nextPeriodEnd } from './periods';
import { subscriptionAllows, subscriptionStep, type SubscriptionEvent } from '../../../machines/subscription';

const DAY = 86_400_000;
/** A subscription past due this long after its period's end (its payment failed and was not made good) is cancelled. */
export const PAST_DUE_DAYS = 7;

const field = (path: string, message: string) => badRequest(message, [{ path, message }]);

/** The plan of a subscription record (null when its app's prices changed since and the plan is gone). */
async function planOf(db: Db | Tx, row: PurchaseRow) {
  const [app] = await db.select().from(apps).where(eq(apps.id, row.appId));
  return app ? ((await plansOf(db, app)).find((p) => p.id === row.planId) ?? null) : null;
}

/** Whether the machine takes `event` for the record. */
export const allows = (row: PurchaseRow, event: SubscriptionEvent) => subscriptionAllows(machineInput(row), event);

/** Why the machine refuses a workspace's change (409 with the reason the checkout page shows). */
function refused(row: PurchaseRow, event: SubscriptionEvent) {
  const status = row.subscriptionStatus;
  const reason =
    status === 'cancelling'
      ? M.ending
      : status === 'pastDue'
        ? M.pastDue
        : status === 'cancelled'
          ? M.ended
          : event.type === 'RESUME'
            ? M.notEnding
            : M.notSubscribed;
  return conflict('not_allowed', reason);
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
  if (!allows(row, { type: 'PAYMENT_FAILED' })) return null;
  return (await changeSubscription(tx, money, row, { subscriptionStatus: 'pastDue' }, 'payment failed')).purchase;
}

// ——— What the provider tells (Stripe's events; the sandbox's job) ———

/** Provider: a period of `subscriptionId` was paid until `periodEnd`. Unknown subscriptions are ignored. */
export const providerRenewed = (db: Db, money: SalesMoney, subscriptionId: string, periodEnd: Date, paymentId: string | null) =>
  db.transaction(async (tx) => {
    const row = await byProviderId(tx, subscriptionId);
    if (!row || !allows(row, { type: 'PERIOD_PAID' })) return null;
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
  state: { status: 'active' | 'trialing' | 'pastDue' | 'cancelled'; cancelAtPeriodEnd: boolean; seats?: number; periodEnd?: Date; reason?: CancelReason },
) =>
  db.transaction(async (tx) => {
    const row = await byProviderId(tx, subscriptionId);
    if (!row || row.subscriptionStatus === 'cancelled') return null;
    const status = state.status === 'cancelled' ? 'cancelled' : state.cancelAtPeriodEnd && state.status !== 'pastDue' ? 'cancelling' : state.status;
    const patch: Parameters<typeof changeSubscription>[3] = {};
    if (state.seats !== undefined && state.seats !== row.seats && allows(row, { type: 'CHANGE_SEATS', seats: state.seats })) patch.seats = state.seats;
    let reason: string | undefined;
    if (status !== row.subscriptionStatus) {
      // A paid period comes with its invoice (providerRenewed), which credits it; not from here.
      if (status === 'active' && (row.subscriptionStatus === 'trialing' || row.subscriptionStatus === 'pastDue')) return null;
      const event = providerEvent(row, status);
      if (!event || subscriptionStep(machineInput(row), event) !== status) return null;
      patch.subscriptionStatus = status;
      // Cancelled now by the portal itself (a refund, the workspace): the reason it gave the provider.
      reason =
        event.type === 'PAST_DUE_EXPIRED'
          ? 'payment failed'
          : event.type === 'PERIOD_ENDED'
            ? 'period ended'
            : status === 'cancelled'
              ? (state.reason ?? 'cancelled')
              : undefined;
    }
    return (await changeSubscription(tx, money, row, patch, reason)).purchase;
  });

/** The machine's event for the provider's word that the subscription is now `status`. */
function providerEvent(row: PurchaseRow, status: string): SubscriptionEvent | null {
  const from = row.subscriptionStatus;
  if (status === 'cancelled') return { type: from === 'pastDue' ? 'PAST_DUE_EXPIRED' : from === 'cancelling' ? 'PERIOD_ENDED' : 'CANCEL_NOW' };
  if (status === 'cancelling') return { type: 'CANCEL_AT_PERIOD_END' };
  if (status === 'pastDue') return { type: 'PAYMENT_FAILED' };
  if (from === 'cancelling') return { type: 'RESUME' };
  return null;
}

// ——— What the workspace asks (the checkout pages) ———

/**
 * The workspace's own marketplace-billed subscription, as the checkout pages may change it, for `event` (checked
 * by the machine after `check`, whose reasons are more precise).
 */
async function manageable(db: Db | Tx, workspaceId: string, id: string, event: SubscriptionEvent, check?: (row: PurchaseRow) => void) {
  const row = await purchaseRow(db, id).catch(() => null);
  if (!row) throw notFound('Subscription');
  sameWorkspace(row.workspaceId, workspaceId);
  const plans = row.purchaseType === 'subscription' ? await plansOf(db, (await db.select().from(apps).where(eq(apps.id, row.appId)))[0]!) : [];
  const owned = ownedOf([row], row.appId, plans);
  if (!owned || owned.kind !== 'subscription' || owned.viaBundle || !row.provider || row.externallyManaged || !row.providerSubscriptionId)
    throw conflict('not_manageable', M.notSubscribed);
  check?.(row);
  if (!allows(row, event)) throw refused(row, event);
  return row;
}

/**
 * The change the provider has made, under the record's lock, if the machine still takes it (another change may
 * have come first): the status the machine moves it to, and `patch`. The provider's own word of this very change
 * can arrive first (Stripe sends `customer.subscription.updated` as it answers, and its webhook may be served
 * before the answer is read): a record already as `before` would become is left as it is, not refused.
 */
const locked = (db: Db, money: SalesMoney, before: PurchaseRow, event: SubscriptionEvent, patch: SubscriptionPatch, reason?: string) =>
  db.transaction(async (tx) => {
    const row = await purchaseRow(tx, before.id, true);
    const status = subscriptionStep(machineInput(row), event);
    if (!status) {
      const made = row.subscriptionStatus === subscriptionStep(machineInput(before), event) && (patch.seats === undefined || row.seats === patch.seats);
      if (made) return;
      throw refused(row, event);
    }
    await changeSubscription(tx, money, row, { subscriptionStatus: status, ...patch }, reason);
  });

const ownedNow = async (db: Db, id: string) => {
  const row = await purchaseRow(db, id);
  const [app] = await db.select().from(apps).where(eq(apps.id, row.appId));
  return ownedOf([row], row.appId, app ? await plansOf(db, app) : [])!;
};

/** The workspace changes the seats of its per-seat subscription: the provider bills the new price from now on. */
export async function changeSeats(
  db: Db,
  payments: PaymentProvider,
  money: SalesMoney,
  workspaceId: string,
  id: string,
  seats: number,
): Promise<OwnedPurchase> {
  const event: SubscriptionEvent = { type: 'CHANGE_SEATS', seats };
  const row = await manageable(db, workspaceId, id, event, (r) => {
    if (!r.isSeatBased) throw field('seats', 'This subscription is not billed per seat.');
    if (r.seats === seats) throw field('seats', M.sameSeats);
  });
  const plan = await planOf(db, row);
  const cost = plan ? planPrice(plan, seats) : null;
  if (!plan || !cost) throw field('seats', `No tier of the plan covers ${seats} seats.`);
  await viaProvider(payments.updateSubscription({ subscriptionId: row.providerSubscriptionId!, amount: cost.price, seats }));
  await locked(db, money, row, event, { seats });
  return ownedNow(db, id);
}

/** The workspace cancels: at the period end (it runs until then), or now (it stops at once). */
export async function cancelSubscription(
  db: Db,
  payments: PaymentProvider,
  money: SalesMoney,
  workspaceId: string,
  id: string,
  when: 'periodEnd' | 'now',
): Promise<OwnedPurchase> {
  const event: SubscriptionEvent = { type: when === 'now' ? 'CANCEL_NOW' : 'CANCEL_AT_PERIOD_END' };
  const row = await manageable(db, workspaceId, id, event);
  const reason = 'cancelled by the workspace';
  await viaProvider(payments.cancelSubscription({ subscriptionId: row.providerSubscriptionId!, atPeriodEnd: when === 'periodEnd', reason }));
  await locked(db, money, row, event, {}, reason);
  return ownedNow(db, id);
}

/** The workspace resumes a subscription it cancelled at the period end: it renews again (trialing still, if it was). */
export async function resumeSubscription(db: Db, payments: PaymentProvider, money: SalesMoney, workspaceId: string, id: string): Promise<OwnedPurchase> {
  const event: SubscriptionEvent = { type: 'RESUME' };
  const row = await manageable(db, workspaceId, id, event);
  await viaProvider(payments.resumeSubscription({ subscriptionId: row.providerSubscriptionId! }));
  await locked(db, money, row, event, {}, 'resumed by the workspace');
  return ownedNow(db, id);
}

// ——— The sandbox's billing clock ———

/**
 * The sandbox's subscriptions due at `now` (the scheduled job, every minute): a trial or a period that ended is
 * charged to the saved card — paid: renewed for a period; failed: past due; one cancelling at its period end is
 * cancelled; one past due for PAST_DUE_DAYS is cancelled. Each in its own transaction under the record's lock.
 * Answers how many changed.
 */
export async function sandboxBillingDue(db: Db, money: SalesMoney, now = clockNow()) {
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
      const pays = row.paymentMethod !== SANDBOX_METHODS.chargesFail;
      const charge = async () => {
        const plan = await planOf(tx, row);
        await renewed(tx, money, row, nextPeriodEnd(row.periodEnd!, plan?.strategy ?? 'monthly'), `ch_sbx_${row.id}_${row.periodEnd!.getTime()}`);
      };
      if (allows(row, { type: 'PERIOD_ENDED' })) {
        await changeSubscription(tx, money, row, { subscriptionStatus: 'cancelled' }, 'period ended');
      } else if (allows(row, { type: 'PAST_DUE_EXPIRED' })) {
        // Past due since the period's charge failed, at its end: charged again each run (the card on file may
        // pay now, as Stripe's retries do), cancelled once PAST_DUE_DAYS are up.
        if (pays) await charge();
        else if (now.getTime() - row.periodEnd.getTime() >= PAST_DUE_DAYS * DAY)
          await changeSubscription(tx, money, row, { subscriptionStatus: 'cancelled' }, 'payment failed');
        else return false;
      } else if (pays) {
        await charge();
      } else {
        await paymentFailed(tx, money, row);
      }
      return true;
    });
    if (done) changed++;
  }
  return changed;
}
