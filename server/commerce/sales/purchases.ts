import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { CREATE_PURCHASE_MESSAGES as M, type CreatePurchaseInput, type UpdatePurchaseInput } from '../../../contract/schemas/commerce';
import { purchaseEditable, purchaseEditProblems, purchaseRemovable } from '../../../contract/purchase-rules';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { apps, publishers, purchaseRecords, workspaces } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { logActivity, type Staff } from '../../kernel/activity';
import { now as clockNow } from '../../kernel/clock';
import { recordMoney, rollUpPurchases } from '../../reports/rollups';
import { appNames, purchaseRow, toPurchase, type PurchaseRow } from '../read/purchases';
import type { SaleCredit } from '../payments/provider';
import { eventPayload, recordEvents, type Changes, type SalesEventType } from './events';
import { lockHoldings } from './holdings';
import { planPrice, plansOf } from './plans';

/**
 * Money of a sale: the publisher's share (the price less the marketplace's `feePercent`) is credited to its
 * payment account, pending for `settlementDays`. `credit` is the payment provider's (the sandbox ledger, in
 * the sale's own transaction, once per purchase); null when the provider does not take credits from the
 * portal (with Stripe, the marketplace's checkout pays the connected account itself).
 */
export type SalesMoney = {
  feePercent: number;
  settlementDays: number;
  credit: ((tx: Tx, p: SaleCredit) => Promise<void>) | null;
};

const DAY = 86_400_000;
const field = (path: string, message: string) => badRequest(message, [{ path, message }]);
/** SPEC §5: period-end dates before yesterday are disabled. */
export const earliestPeriodEnd = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - DAY);

export type NewPurchase = Omit<z.infer<typeof CreatePurchaseInput>, 'externallyManaged' | 'addonTierId'> & {
  externallyManaged: boolean;
  /** The marketplace's own sales may start a trial; staff-made (externally managed) records are active. */
  trial?: boolean;
};

/** How a buyer paid through the marketplace's checkout (docs/rocketchat.md, Buying): kept on the record for renewals and refunds. */
export type Billing = Pick<PurchaseRow, 'provider' | 'providerSubscriptionId' | 'providerPaymentId' | 'paymentMethod'>;

/** The publisher's share of `amount` (the price less the marketplace's fee), in dollars. */
export const publisherShare = (money: Pick<SalesMoney, 'feePercent'>, amount: number) => Math.round(amount * (100 - money.feePercent)) / 100;

/**
 * Credits the publisher's share of what the record bills now, once per `period` key ('' for the sale itself;
 * a renewal's period end for each renewal), in the caller's transaction — and records it as a sales line with
 * its roll-up (reports/rollups.ts), whoever the provider is: the sale happened even where the provider pays
 * the publisher itself.
 */
export async function credit(tx: Tx, money: SalesMoney, row: PurchaseRow, appName: string, period = '') {
  if (row.externallyManaged || row.price <= 0) return;
  if (row.purchaseType === 'subscription' && row.subscriptionStatus !== 'active') return;
  const key = period ? `sale_${row.id}_${period}` : `sale_${row.id}`;
  const amount = publisherShare(money, row.price);
  const at = clockNow();
  const availableOn = new Date(at.getTime() + money.settlementDays * DAY);
  await recordMoney(tx, { kind: period ? 'renewal' : 'sale', key, row, amount: row.price, share: amount, at, availableOn });
  if (!money.credit) return;
  const [publisher] = await tx.select({ account: publishers.stripeAccountId }).from(publishers).where(eq(publishers.id, row.publisherId));
  if (!publisher?.account) return;
  if (amount <= 0) return;
  await money.credit(tx, {
    accountId: publisher.account,
    key,
    amount,
    availableOn,
    description: period ? `Renewal of ${appName} (${row.id}, until ${period.slice(0, 10)})` : `Sale of ${appName} (${row.id})`,
  });
}

/** The events of `rows` (one type), in the caller's transaction; answers the records as the API shows them. */
export async function emitEvents(
  tx: Tx,
  type: SalesEventType,
  rows: PurchaseRow[],
  extra: (row: PurchaseRow) => { changes?: Changes; reason?: string } = () => ({}),
) {
  const names = await appNames(
    tx,
    rows.map((r) => r.appId),
  );
  const purchases = rows.map((r) => toPurchase(r, names.get(r.appId)));
  await recordEvents(
    tx,
    rows.map((row, i) => ({
      type,
      publisherId: row.publisherId,
      appId: row.appId,
      purchaseId: row.id,
      payload: eventPayload({ purchase: purchases[i]!, publisherId: row.publisherId, workspaceId: row.workspaceId, accountId: row.accountId, ...extra(row) }),
    })),
  );
  return purchases;
}

async function emit(tx: Tx, type: SalesEventType, row: PurchaseRow, extra: { changes?: Changes; reason?: string } = {}) {
  const [purchase] = await emitEvents(tx, type, [row], () => extra);
  return purchase!;
}

/**
 * A purchase record, its event and its credit in one transaction: staff's externally managed records
 * (SPEC §5 and §7) and the marketplace's own sales (the sales simulator) alike.
 */
export async function createPurchase(db: Db, money: SalesMoney, input: NewPurchase, by?: Staff, now = clockNow()) {
  return db.transaction(async (tx) => (await insertPurchase(tx, money, input, by, now)).purchase);
}

/**
 * createPurchase in the caller's transaction (a checkout completes in its own); `billing`: how the buyer paid. Under
 * the workspace's holdings lock (sales/holdings.ts): a checkout completing at the same moment sees this record
 * (and is voided) or has made its own first. Staff may record a purchase the workspace holds already (a sale made
 * elsewhere); a buyer's checkout may not.
 */
export async function insertPurchase(tx: Tx, money: SalesMoney, input: NewPurchase, by?: Staff, now = clockNow(), billing?: Billing) {
  {
    const [app] = await tx.select().from(apps).where(eq(apps.id, input.appId));
    if (!app) throw field('appId', M.appId);
    const [ws] = await tx.select().from(workspaces).where(eq(workspaces.id, input.workspaceId.trim()));
    if (!ws) throw field('workspaceId', M.workspaceId);
    await lockHoldings(tx, ws.id);
    const base = {
      id: newId(),
      appId: app.id,
      publisherId: app.publisherId,
      workspaceId: ws.id,
      accountId: ws.accountId,
      date: now,
      externallyManaged: input.externallyManaged,
      ...billing,
    };
    let values: typeof purchaseRecords.$inferInsert;
    if (app.purchaseType === 'subscription') {
      const plan = (await plansOf(tx, app)).find((p) => p.id === input.planId);
      if (!plan) throw field('planId', M.planId);
      if (plan.isPerSeat && input.seats < 1) throw field('seats', M.seats);
      const periodEnd = new Date(input.periodEnd);
      if (periodEnd < earliestPeriodEnd(now)) throw field('periodEnd', M.periodEnd);
      const seats = plan.isPerSeat ? input.seats : 0;
      const cost = planPrice(plan, seats);
      if (!cost) throw field('seats', `No tier of the ${plan.strategy} plan covers ${seats} seats.`);
      const trialing = !input.externallyManaged && input.trial === true && plan.trialDays > 0;
      values = {
        ...base,
        purchaseType: 'subscription',
        planId: plan.id,
        price: cost.price,
        subscriptionStatus: trialing ? 'trialing' : 'active',
        periodEnd,
        isSeatBased: plan.isPerSeat,
        seats,
        maxSeats: cost.maxSeats,
      };
    } else {
      values = { ...base, purchaseType: 'buy', price: app.price };
    }
    const [row] = await tx.insert(purchaseRecords).values(values).returning();
    await rollUpPurchases(tx, [{ before: null, after: row! }], now);
    const purchase = await emit(tx, row!.purchaseType === 'buy' ? 'app.purchase.created' : 'app.subscription.created', row!);
    await credit(tx, money, row!, purchase.appName);
    if (by) await logActivity(tx, row!.appId, by, 'purchase-record-create', { purchaseId: row!.id, workspaceId: row!.workspaceId });
    return { purchase, row: row! };
  }
}

export type SubscriptionPatch = Partial<Pick<PurchaseRow, 'subscriptionStatus' | 'periodEnd' | 'seats' | 'externallyManaged'>>;

/**
 * Changes a subscription and records what changed as one event: cancelled (status to cancelled), migrated
 * (made externally managed), or modified (anything else). A trial that starts billing credits the sale.
 * Nothing changed, nothing recorded.
 */
export async function changeSubscription(tx: Tx, money: SalesMoney, row: PurchaseRow, patch: SubscriptionPatch, reason?: string) {
  const changes: Changes = {};
  const next: SubscriptionPatch & { price?: number; maxSeats?: number; endedAt?: Date | null } = {};
  for (const key of ['subscriptionStatus', 'periodEnd', 'seats', 'externallyManaged'] as const) {
    const from = row[key];
    const to = patch[key];
    if (to === undefined) continue;
    const same = from instanceof Date && to instanceof Date ? from.getTime() === to.getTime() : from === to;
    if (same) continue;
    changes[key === 'subscriptionStatus' ? 'status' : key] = {
      from: from instanceof Date ? from.toISOString() : from,
      to: to instanceof Date ? to.toISOString() : to,
    };
    Object.assign(next, { [key]: to });
  }
  if (!Object.keys(changes).length) {
    const names = await appNames(tx, [row.appId]);
    return { purchase: toPurchase(row, names.get(row.appId)), changes: null };
  }
  if (next.seats !== undefined && row.isSeatBased) {
    const [app] = await tx.select().from(apps).where(eq(apps.id, row.appId));
    const plan = app ? (await plansOf(tx, app)).find((p) => p.id === row.planId) : undefined;
    const cost = plan ? planPrice(plan, next.seats) : null;
    if (plan && !cost) throw field('seats', `No tier of the ${plan.strategy} plan covers ${next.seats} seats.`);
    if (cost) Object.assign(next, cost);
    else next.maxSeats = Math.max(row.maxSeats, next.seats);
  }
  const status = next.subscriptionStatus;
  const at = clockNow();
  if (status === 'cancelled' || status === 'pastDue') next.endedAt = at;
  else if (status) next.endedAt = null;
  const [updated] = await tx.update(purchaseRecords).set(next).where(eq(purchaseRecords.id, row.id)).returning();
  await rollUpPurchases(tx, [{ before: row, after: updated! }], at);
  const type: SalesEventType =
    status === 'cancelled' ? 'app.subscription.cancelled' : changes.externallyManaged ? 'app.subscription.migrated' : 'app.subscription.modified';
  const purchase = await emit(tx, type, updated!, { changes, ...(reason ? { reason } : {}) });
  if (row.subscriptionStatus === 'trialing' && status === 'active') await credit(tx, money, updated!, purchase.appName);
  return { purchase, changes };
}

/** Staff's edit (SPEC §4, §5, §6): the rules of contract/purchase-rules.ts, then one change and its event. */
export async function editPurchase(db: Db, money: SalesMoney, id: string, input: z.infer<typeof UpdatePurchaseInput>, by: Staff, now = clockNow()) {
  return db.transaction(async (tx) => {
    const row = await purchaseRow(tx, id, true);
    const names = await appNames(tx, [row.appId]);
    const record = toPurchase(row, names.get(row.appId));
    if (!purchaseEditable(record)) throw conflict('not_editable', 'Only subscriptions that are not past due or cancelled, and not of a bundle, can be edited.');
    const problems = purchaseEditProblems(record, input, now);
    if (problems.length) throw badRequest(problems[0]!.message, problems);
    const converting = input.externallyManaged && !row.externallyManaged;
    const changed = await changeSubscription(tx, money, row, {
      // SPEC §4: converting to externally managed sets active until the period end.
      subscriptionStatus: converting ? 'active' : input.status,
      periodEnd: new Date(input.periodEnd),
      seats: input.seats,
      externallyManaged: input.externallyManaged,
    });
    if (changed.changes) await logActivity(tx, row.appId, by, 'purchase-record-update', { purchaseId: row.id, ...changed.changes });
    return changed.purchase;
  });
}

/** Staff's delete (SPEC §6): a non-bundle, externally managed record; its subscription ends with it. */
export async function removePurchase(db: Db, id: string, by: Staff) {
  return db.transaction(async (tx) => {
    const row = await purchaseRow(tx, id, true);
    const names = await appNames(tx, [row.appId]);
    if (!purchaseRemovable(toPurchase(row, names.get(row.appId)))) {
      throw conflict('not_removable', 'Only externally managed purchase records that are not of a bundle can be deleted.');
    }
    if (row.subscriptionStatus !== 'cancelled') {
      await emit(
        tx,
        'app.subscription.cancelled',
        { ...row, subscriptionStatus: 'cancelled' },
        { changes: { status: { from: row.subscriptionStatus, to: 'cancelled' } }, reason: 'removed' },
      );
    }
    await tx.delete(purchaseRecords).where(eq(purchaseRecords.id, row.id));
    await rollUpPurchases(tx, [{ before: row, after: null }], clockNow());
    await logActivity(tx, row.appId, by, 'purchase-record-delete', { purchaseId: row.id, workspaceId: row.workspaceId });
  });
}
