import Stripe from 'stripe';
import { fromCents, PaymentProviderError, toCents, type CancelReason, type CheckoutRequest, type PaymentProvider } from './provider';

const usd = (amounts: { amount: number; currency: string }[]) => fromCents(amounts.filter((a) => a.currency === 'usd').reduce((sum, a) => sum + a.amount, 0));

/** Stripe's refusals (a bad request, an account that may not be paid out) are definitive; the rest may be retried. */
function failure(e: unknown): never {
  if (e instanceof Stripe.errors.StripeError) {
    const definitive =
      e instanceof Stripe.errors.StripeInvalidRequestError || e instanceof Stripe.errors.StripeCardError || e instanceof Stripe.errors.StripePermissionError;
    throw new PaymentProviderError(e.message, definitive);
  }
  throw new PaymentProviderError(e instanceof Error ? e.message : String(e), false);
}

/**
 * Stripe Connect with Express accounts: onboarding through Account Links (Stripe no longer offers OAuth to
 * new Express platforms), the Express dashboard through login links, the connected account's balance, and
 * payouts made on the connected account with the idempotency key the caller derives from its payout row.
 *
 * Buyers pay on Stripe Checkout with destination charges: the connected account is paid the price less the
 * marketplace's fee (`application_fee_amount` once, `application_fee_percent` on each invoice of a
 * subscription). What happened comes back as Stripe's events (server/commerce/routes/stripe-events.ts).
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(secretKey: string, apiUrl?: string) {
    const url = apiUrl ? new URL(apiUrl) : undefined;
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(url ? { host: url.hostname, port: url.port || (url.protocol === 'http:' ? 80 : 443), protocol: url.protocol === 'http:' ? 'http' : 'https' } : {}),
    });
  }

  async createAccount(p: { name: string; email: string; country: string }) {
    try {
      const account = await this.stripe.accounts.create({
        type: 'express',
        email: p.email || undefined,
        country: p.country || undefined,
        business_profile: { name: p.name },
        capabilities: { transfers: { requested: true } },
      });
      return account.id;
    } catch (e) {
      failure(e);
    }
  }

  async onboardingUrl(accountId: string, urls: { returnUrl: string; refreshUrl: string }) {
    try {
      const link = await this.stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: urls.returnUrl,
        refresh_url: urls.refreshUrl,
      });
      return link.url;
    } catch (e) {
      failure(e);
    }
  }

  async accountReady(accountId: string) {
    try {
      return (await this.stripe.accounts.retrieve(accountId)).details_submitted === true;
    } catch (e) {
      failure(e);
    }
  }

  async dashboardUrl(accountId: string) {
    try {
      return (await this.stripe.accounts.createLoginLink(accountId)).url;
    } catch (e) {
      failure(e);
    }
  }

  async balance(accountId: string) {
    try {
      const balance = await this.stripe.balance.retrieve({}, { stripeAccount: accountId });
      return { available: usd(balance.available), pending: usd(balance.pending) };
    } catch (e) {
      failure(e);
    }
  }

  async payout(accountId: string, amount: number, idempotencyKey: string) {
    try {
      const payout = await this.stripe.payouts.create({ amount: toCents(amount), currency: 'usd' }, { stripeAccount: accountId, idempotencyKey });
      return { id: payout.id, arrivalDate: new Date(payout.arrival_date * 1000) };
    } catch (e) {
      failure(e);
    }
  }

  async startCheckout(r: CheckoutRequest) {
    const transfer = r.destination ? { transfer_data: { destination: r.destination } } : {};
    const cents = toCents(r.amount);
    const seats = { ...r.metadata, seats: String(r.seats) };
    const params: Stripe.Checkout.SessionCreateParams =
      r.kind === 'buy'
        ? {
            mode: 'payment',
            line_items: [{ price_data: { currency: 'usd', unit_amount: cents, product_data: { name: r.description } }, quantity: 1 }],
            payment_intent_data: { application_fee_amount: Math.round((cents * r.feePercent) / 100), ...transfer, metadata: r.metadata },
          }
        : {
            mode: 'subscription',
            // Per-seat tiers are priced into `amount` by the portal: one item, quantity 1; the seats ride in the metadata.
            line_items: [
              {
                price_data: { currency: 'usd', unit_amount: cents, product_data: { name: r.description }, recurring: { interval: r.interval ?? 'month' } },
                quantity: 1,
              },
            ],
            subscription_data: {
              application_fee_percent: r.feePercent,
              ...transfer,
              ...(r.trialDays > 0 ? { trial_period_days: r.trialDays } : {}),
              metadata: seats,
            },
          };
    try {
      const session = await this.stripe.checkout.sessions.create({
        ...params,
        client_reference_id: r.sessionId,
        metadata: r.metadata,
        success_url: r.successUrl,
        cancel_url: r.cancelUrl,
      });
      if (!session.url) throw new PaymentProviderError('Stripe answered a checkout session without a page to pay on.', false);
      return { url: session.url, providerSessionId: session.id };
    } catch (e) {
      if (e instanceof PaymentProviderError) throw e;
      failure(e);
    }
  }

  async expireCheckout(providerSessionId: string) {
    try {
      await this.stripe.checkout.sessions.expire(providerSessionId);
    } catch (e) {
      failure(e);
    }
  }

  /** A payment (a one-time purchase's, or an invoice's) given back, with the connected account's share and the marketplace's fee. */
  async refund(p: { paymentId: string; amount: number; idempotencyKey: string }) {
    try {
      await this.stripe.refunds.create(
        { payment_intent: p.paymentId, amount: toCents(p.amount), reverse_transfer: true, refund_application_fee: true },
        { idempotencyKey: p.idempotencyKey },
      );
    } catch (e) {
      failure(e);
    }
  }

  /** The subscription's one item at a new price (same product and interval) from now on, prorated by Stripe; the seats in its metadata. */
  async updateSubscription(p: { subscriptionId: string; amount: number; seats: number }) {
    try {
      const subscription = await this.stripe.subscriptions.retrieve(p.subscriptionId);
      const [item, ...more] = subscription.items.data;
      if (!item || more.length) throw new PaymentProviderError(`Subscription ${p.subscriptionId} has ${subscription.items.data.length} items, not one.`, true);
      const price = item.price;
      await this.stripe.subscriptions.update(p.subscriptionId, {
        items: [
          {
            id: item.id,
            price_data: {
              currency: price.currency,
              product: typeof price.product === 'string' ? price.product : price.product.id,
              unit_amount: toCents(p.amount),
              recurring: { interval: price.recurring?.interval ?? 'month' },
            },
            quantity: 1,
          },
        ],
        metadata: { seats: String(p.seats) },
        proration_behavior: 'create_prorations',
      });
    } catch (e) {
      if (e instanceof PaymentProviderError) throw e;
      failure(e);
    }
  }

  async cancelSubscription(p: { subscriptionId: string; atPeriodEnd: boolean; reason?: CancelReason; idempotencyKey?: string }) {
    const options = p.idempotencyKey ? { idempotencyKey: p.idempotencyKey } : {};
    // Why it ends now rides on the cancellation (its customer.subscription.deleted carries it back).
    const details = p.reason ? { cancellation_details: { comment: p.reason } } : {};
    try {
      if (p.atPeriodEnd) await this.stripe.subscriptions.update(p.subscriptionId, { cancel_at_period_end: true }, options);
      else await this.stripe.subscriptions.cancel(p.subscriptionId, details, options);
    } catch (e) {
      failure(e);
    }
  }

  async resumeSubscription(p: { subscriptionId: string }) {
    try {
      await this.stripe.subscriptions.update(p.subscriptionId, { cancel_at_period_end: false });
    } catch (e) {
      failure(e);
    }
  }

  // ——— Stripe's events (server/commerce/routes/stripe-events.ts) ———

  /** The event Stripe signed (`Stripe-Signature` over the raw body with the endpoint's secret); throws when the signature does not hold. */
  event(raw: Buffer, signature: string, secret: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(raw, signature, secret);
  }

  /** The payment intent that paid an invoice (a subscription's first invoice, a renewal); null when nothing was charged (a trial's). */
  async invoicePaymentIntent(invoiceId: string) {
    try {
      const payments = await this.stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 1 });
      const intent = payments.data[0]?.payment.payment_intent;
      return (typeof intent === 'string' ? intent : intent?.id) ?? null;
    } catch (e) {
      failure(e);
    }
  }
}
