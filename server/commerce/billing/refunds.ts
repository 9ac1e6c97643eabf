import { eq } from 'drizzle-orm';
import { CHECKOUT_MESSAGES as M } from '../../../contract/schemas/checkout';
import type { Db } from '../../db/client';
import { publishers, purchaseRecords } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { purchaseRefundable } from '../../../contract/purchase-rules';
import { appNames, billingOf, purchaseRow, toPurchase } from '../read/purchases';
import { logActivity, type Staff } from '../../kernel/activity';
import type { PaymentProvider } from '../payments/provider';
import { viaProvider } from './checkout';
import { allows } from './subscriptions';
import { changeSubscription, emitEvents, publisherShare, type SalesMoney } from '../sales/purchases';
import { now as clockNow } from '../../kernel/clock';
import { recordMoney } from '../../reports/rollups';

const cents = (n: number) => Math.round(n * 100);

/**
 * Staff refund a purchase billed through the checkout, in full or in part (once): the provider gives the money
 * back (with Stripe, the connected account's transfer and the marketplace's fee are reversed in proportion),
 * and in one transaction the record is marked refunded — its licence ends: a one-time purchase no longer holds
 * the app, a subscription is cancelled — the publisher's balance is debited its share (the sandbox's ledger),
 * and the sales event goes out: `app.purchase.refunded`, or `app.subscription.cancelled` with reason "refunded".
 */
export async function refundPurchase(db: Db, payments: PaymentProvider, money: SalesMoney, id: string, input: { amount?: number; reason: string }, by: Staff) {
  const row = await purchaseRow(db, id);
  const names = await appNames(db, [row.appId]);
  const subscriptionRefusal = row.purchaseType === 'subscription' && !allows(row, { type: 'REFUND' });
  if (!purchaseRefundable(toPurchase(row, names.get(row.appId)), billingOf(row)) || subscriptionRefusal) throw conflict('not_refundable', M.notRefundable);
  const amount = input.amount ?? row.price;
  if (amount <= 0 || cents(amount) > cents(row.price)) throw badRequest(M.refundAmount, [{ path: 'amount', message: M.refundAmount }]);
  await viaProvider(payments.refund({ paymentId: row.providerPaymentId!, amount, idempotencyKey: `refund_${row.id}_${row.providerPaymentId}` }));
  if (row.purchaseType === 'subscription' && row.providerSubscriptionId)
    await viaProvider(payments.cancelSubscription({ subscriptionId: row.providerSubscriptionId, atPeriodEnd: false, reason: 'refunded' }));
  return db.transaction(async (tx) => {
    const locked = await purchaseRow(tx, id, true);
    // Another refund got there first (two staff at once): the provider's idempotency key made it one refund.
    if (locked.refundedAt) throw conflict('not_refundable', M.notRefundable);
    const now = clockNow();
    const [refunded] = await tx.update(purchaseRecords).set({ refundedAmount: amount, refundedAt: now }).where(eq(purchaseRecords.id, id)).returning();
    // The refund as a sales line (reports/rollups.ts): what went back, and the publisher's share of it.
    await recordMoney(tx, {
      kind: 'refund',
      key: `refund_${row.id}`,
      row: refunded!,
      amount,
      share: publisherShare(money, amount),
      at: now,
      availableOn: now,
    });
    if (money.credit) {
      const [publisher] = await tx.select({ account: publishers.stripeAccountId }).from(publishers).where(eq(publishers.id, row.publisherId));
      const share = publisherShare(money, amount);
      if (publisher?.account && share > 0) {
        const names = await appNames(tx, [row.appId]);
        await money.credit(tx, {
          accountId: publisher.account,
          key: `refund_${row.id}`,
          amount: -share,
          availableOn: now,
          description: `Refund of ${names.get(row.appId)?.name ?? row.appId} (${row.id})`,
        });
      }
    }
    const reason = input.reason || 'refunded';
    let purchase;
    if (refunded!.purchaseType === 'subscription') {
      purchase = (await changeSubscription(tx, money, refunded!, { subscriptionStatus: 'cancelled' }, 'refunded')).purchase;
    } else {
      [purchase] = await emitEvents(tx, 'app.purchase.refunded', [refunded!], () => ({ reason }));
    }
    await logActivity(tx, row.appId, by, 'purchase-record-refund', { purchaseId: row.id, amount, reason });
    const names = await appNames(tx, [row.appId]);
    return purchase ?? toPurchase(refunded!, names.get(row.appId));
  });
}
