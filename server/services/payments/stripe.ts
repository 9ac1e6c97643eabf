import Stripe from 'stripe';
import { fromCents, PaymentProviderError, toCents, type PaymentProvider } from './provider';

const usd = (amounts: { amount: number; currency: string }[]) => fromCents(amounts.filter((a) => a.currency === 'usd').reduce((sum, a) => sum + a.amount, 0));

/** Stripe's refusals (a bad request, an account that may not be paid out) are definitive; the rest may be retried. */
function failure(e: unknown): never {
  if (e instanceof Stripe.errors.StripeError) {
    const definitive = e instanceof Stripe.errors.StripeInvalidRequestError || e instanceof Stripe.errors.StripeCardError || e instanceof Stripe.errors.StripePermissionError;
    throw new PaymentProviderError(e.message, definitive);
  }
  throw new PaymentProviderError(e instanceof Error ? e.message : String(e), false);
}

/**
 * Stripe Connect with Express accounts: onboarding through Account Links (Stripe no longer offers OAuth to
 * new Express platforms), the Express dashboard through login links, the connected account's balance, and
 * payouts made on the connected account with the idempotency key the caller derives from its payout row.
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
      const link = await this.stripe.accountLinks.create({ account: accountId, type: 'account_onboarding', return_url: urls.returnUrl, refresh_url: urls.refreshUrl });
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
}
