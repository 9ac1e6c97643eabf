import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { checkoutSessions, stripeEvents } from '../../db/schema';
import { completeCheckout, expireCheckout } from '../billing/checkout';
import { providerPaymentFailed, providerRenewed, providerUpdated } from '../billing/subscriptions';
import type { SalesMoney } from '../sales/purchases';
import { isCancelReason } from './provider';
import type { StripeProvider } from './stripe';

/** What an event changes in the portal, given the transaction the event's id is recorded in. */
type Change = (db: Db) => Promise<unknown>;
type Status = Parameters<typeof providerUpdated>[3]['status'];

const idOf = (x: string | { id: string } | null | undefined) => (x == null ? null : typeof x === 'string' ? x : x.id);

/**
 * Stripe's subscription statuses as the portal's. `incomplete` (a first payment still being made) and `paused`
 * (a trial that ended without a card; the portal's checkout always takes one) change nothing.
 */
const STATUSES: Partial<Record<Stripe.Subscription.Status, Status>> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'pastDue',
  canceled: 'cancelled',
  unpaid: 'cancelled',
  incomplete_expired: 'cancelled',
};

/** The subscription an invoice bills (Stripe's API puts it under `parent` since 2025-03-31). */
const subscriptionOf = (invoice: Stripe.Invoice) => idOf(invoice.parent?.subscription_details?.subscription);

/** A checkout session of this portal (the client reference is its id); another system's on the same Stripe account is not. */
const ours = async (db: Db, sessionId: string | null) =>
  !!sessionId && (await db.select({ id: checkoutSessions.id }).from(checkoutSessions).where(eq(checkoutSessions.id, sessionId))).length > 0;

/**
 * What a Stripe event asks of the portal's billing, or null when nothing: read before the transaction, since
 * some need a lookup at Stripe (the payment intent that paid an invoice), which has no place inside one.
 */
async function changeOf(event: Stripe.Event, stripe: StripeProvider, money: SalesMoney): Promise<Change | null> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const sessionId = session.client_reference_id;
      // Paid (or, with a trial, owing nothing yet). A delayed payment method completes the session unpaid; its
      // payment succeeding is then told by checkout.session.async_payment_succeeded.
      if (!sessionId || session.payment_status === 'unpaid') return null;
      const subscription = idOf(session.subscription);
      const invoice = idOf(session.invoice);
      // A subscription is paid by its first invoice (none during a trial): its payment intent is what a refund gives back.
      const payment = idOf(session.payment_intent) ?? (subscription && invoice ? await stripe.invoicePaymentIntent(invoice) : null);
      return async (db) => {
        if (await ours(db, sessionId))
          await completeCheckout(db, money, sessionId, { providerSubscriptionId: subscription, providerPaymentId: payment, paymentMethod: null });
      };
    }
    case 'checkout.session.expired': {
      const sessionId = event.data.object.client_reference_id;
      return sessionId ? (db) => expireCheckout(db, sessionId) : null;
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscription = subscriptionOf(invoice);
      // The first invoice (`subscription_create`: the checkout's own sale, or a trial's $0) is the checkout's:
      // checkout.session.completed makes the purchase. A period is paid by a `subscription_cycle` invoice (a
      // trial converting, a renewal, or a past-due period made good).
      if (!subscription || invoice.billing_reason !== 'subscription_cycle' || !invoice.lines.data.length) return null;
      const periodEnd = new Date(Math.max(...invoice.lines.data.map((l) => l.period.end)) * 1000);
      const payment = invoice.amount_paid > 0 ? await stripe.invoicePaymentIntent(invoice.id) : null;
      return (db) => providerRenewed(db, money, subscription, periodEnd, payment);
    }
    case 'invoice.payment_failed': {
      const subscription = subscriptionOf(event.data.object);
      return subscription ? (db) => providerPaymentFailed(db, money, subscription) : null;
    }
    case 'customer.subscription.updated': {
      const sub = event.data.object;
      const status = STATUSES[sub.status];
      if (!status) return null;
      const seats = Number(sub.metadata?.seats);
      const state = { status, cancelAtPeriodEnd: sub.cancel_at_period_end, ...(Number.isInteger(seats) && seats > 0 ? { seats } : {}) };
      return (db) => providerUpdated(db, money, sub.id, state);
    }
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      const comment = sub.cancellation_details?.comment;
      return (db) =>
        providerUpdated(db, money, sub.id, { status: 'cancelled', cancelAtPeriodEnd: false, ...(isCancelReason(comment) ? { reason: comment } : {}) });
    }
    default:
      return null;
  }
}

/**
 * Applies a verified Stripe event exactly once: its id is recorded in `stripe_events` in the same transaction
 * as its change (the billing functions' own transactions nest in it as savepoints). A redelivery finds the id
 * and changes nothing; a failure rolls the id back with the change, so Stripe's retry applies it. Concurrent
 * deliveries of one event wait on the id's row: the second sees it recorded. Answers whether it was applied now.
 */
export async function receiveStripeEvent(db: Db, money: SalesMoney, stripe: StripeProvider, event: Stripe.Event): Promise<'applied' | 'seen'> {
  const seen = async (d: Db) => (await d.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id))).length > 0;
  // (Not the decision, which is the insert below: only spares a redelivery the lookups at Stripe.)
  if (await seen(db)) return 'seen';
  const change = await changeOf(event, stripe, money);
  return db.transaction(async (tx) => {
    const [fresh] = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
    if (!fresh) return 'seen';
    if (change) await change(tx);
    return 'applied';
  });
}
