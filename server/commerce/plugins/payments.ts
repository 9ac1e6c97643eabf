import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import stripeEventsRoutes, { STRIPE_EVENTS_PATH } from '../routes/stripe-events';
import { giveBackVoided, recordGiveBack, type VoidedPayment } from '../billing/checkout';
import { sandboxBillingDue } from '../billing/subscriptions';
import { RECONCILE_JOB, SANDBOX_BILLING_JOB, VOID_CHECKOUT_JOB } from '../../kernel/job-kinds';
import { PaymentProviderError, type PaymentProvider } from '../payments/provider';
import { reconcilePayouts } from '../payments/payouts';
import { SandboxProvider } from '../../dev/payments/sandbox';
import { sandboxCheckoutPage } from '../../dev/payments/sandbox-checkout-page';
import { sandboxPages } from '../../dev/payments/sandbox-pages';
import { StripeProvider } from '../payments/stripe';
import type { SalesMoney } from '../sales/purchases';

/**
 * The payment provider: Stripe Connect with STRIPE_SECRET_KEY (and Stripe's events at /v1/stripe/events,
 * verified with STRIPE_WEBHOOK_SECRET), else the embedded sandbox and its pages under /dev-payments. Payouts a
 * crash or a timeout left pending are completed at start and every minute (RECONCILE_JOB: one run per minute
 * across every process, whichever takes it); what a voided checkout took is given back (VOID_CHECKOUT_JOB).
 */
export default fp(
  async function payments(app: FastifyInstance) {
    const { stripe } = app.config.payments;
    let provider: PaymentProvider;
    let stripeProvider: StripeProvider | null = null;
    if (stripe) provider = stripeProvider = new StripeProvider(stripe.secretKey, stripe.apiUrl);
    else {
      const sandbox = new SandboxProvider(app.db, app.links);
      sandboxPages(app, sandbox);
      sandboxCheckoutPage(app);
      provider = sandbox;
    }
    app.decorate('payments', provider);
    const { feePercent, settlementDays } = app.config.payments;
    app.decorate('sales', { feePercent, settlementDays, credit: provider.creditSale ? provider.creditSale.bind(provider) : null } satisfies SalesMoney);
    if (stripeProvider && stripe?.webhookSecret) await app.register(stripeEventsRoutes, { provider: stripeProvider, secret: stripe.webhookSecret });
    else if (stripeProvider)
      app.log.warn(`STRIPE_WEBHOOK_SECRET is not set: ${STRIPE_EVENTS_PATH} is not served, and no payment made on Stripe Checkout reaches the portal.`);
    app.addHook('onReady', async () => {
      await app.jobs.work(RECONCILE_JOB, async (claim) => {
        await reconcilePayouts(app.db, provider);
        await claim.complete();
      });
      await app.jobs.schedule(RECONCILE_JOB);
      // At start too (one run, however many processes start this minute).
      await app.jobs.send(app.db, RECONCILE_JOB, {}, { singletonKey: 'start', singletonSeconds: 60 });
      await app.jobs.work<VoidedPayment>(VOID_CHECKOUT_JOB, async (claim) => {
        await claim.check();
        try {
          await giveBackVoided(provider, claim.data);
        } catch (err) {
          // A failure that may pass is tried again; one the provider refused for good (or the last try) is recorded.
          if (!claim.last && !(err instanceof PaymentProviderError && err.definitive)) throw err;
          // The buyer's page says so, and the failure is logged for staff to refund by hand.
          app.log.error({ err, sessionId: claim.data.sessionId, paymentId: claim.data.paymentId }, 'checkout: a voided payment could not be given back');
          await claim.retry(err instanceof Error ? err.message : String(err), (tx) => recordGiveBack(tx, claim.data, 'failed'));
          return;
        }
        await claim.complete((tx) => recordGiveBack(tx, claim.data, 'done'));
      });
      if (provider.name !== 'sandbox') return;
      // The sandbox bills its subscriptions itself (Stripe Billing does for Stripe, and tells by its events).
      await app.jobs.work(SANDBOX_BILLING_JOB, async (claim) => {
        await sandboxBillingDue(app.db, app.sales);
        await claim.complete();
      });
      await app.jobs.schedule(SANDBOX_BILLING_JOB);
    });
    app.addHook('onClose', async () =>
      app.jobs.stopWorking(provider.name === 'sandbox' ? [RECONCILE_JOB, VOID_CHECKOUT_JOB, SANDBOX_BILLING_JOB] : [RECONCILE_JOB, VOID_CHECKOUT_JOB]),
    );
  },
  { name: 'payments', dependencies: ['db', 'downloads'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
    /** How sales credit publishers (commerce/sales/purchases.ts). */
    sales: SalesMoney;
  }
}
