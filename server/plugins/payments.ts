import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentProvider } from '../services/payments/provider';
import { reconcilePayouts } from '../services/payments/payouts';
import { SandboxProvider } from '../services/payments/sandbox';
import { sandboxPages } from '../services/payments/sandbox-pages';
import { StripeProvider } from '../services/payments/stripe';
import type { SalesMoney } from '../services/sales/purchases';

const RECONCILE_MS = 60_000;

/**
 * The payment provider: Stripe Connect with STRIPE_SECRET_KEY, else the embedded sandbox and its pages
 * under /dev-payments. Payouts a crash or a timeout left pending are completed at start and every minute.
 */
export default fp(
  async function payments(app: FastifyInstance) {
    const { stripe } = app.config.payments;
    let provider: PaymentProvider;
    if (stripe) provider = new StripeProvider(stripe.secretKey, stripe.apiUrl);
    else {
      const sandbox = new SandboxProvider(app.db, app.links);
      sandboxPages(app, sandbox);
      provider = sandbox;
    }
    app.decorate('payments', provider);
    const { feePercent, settlementDays } = app.config.payments;
    app.decorate('sales', { feePercent, settlementDays, credit: provider.creditSale ? provider.creditSale.bind(provider) : null } satisfies SalesMoney);
    const reconcile = () => reconcilePayouts(app.db, provider).catch((err: unknown) => app.log.error({ err }, 'reconciling payouts failed'));
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      void reconcile();
      timer = setInterval(() => void reconcile(), RECONCILE_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'payments', dependencies: ['db', 'downloads'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
    /** How sales credit publishers (services/sales/purchases.ts). */
    sales: SalesMoney;
  }
}
