import type { Tx } from '../../db/client';

/** Money in the provider's terms: US dollars (the portal's one currency), two decimals. */
export type Balance = { available: number; pending: number };
export type ProviderPayout = { id: string; arrivalDate: Date };

/**
 * A failure the provider reported. `definitive`: the request was refused (insufficient funds, a closed
 * account) and will be refused again; otherwise (no answer, a 5xx) it may have happened or not, and the
 * same request with the same idempotency key is to be tried again.
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly definitive: boolean,
  ) {
    super(message);
  }
}

/**
 * One interface for the payment providers (Stripe Connect, or the embedded sandbox): connected accounts
 * onboarded on the provider's own pages, its dashboard, balances, and payouts made exactly once.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  /** A new connected account for a publisher, not yet onboarded. */
  createAccount(publisher: { name: string; email: string; country: string }): Promise<string>;
  /** The provider's onboarding page for the account; it sends the person to `returnUrl` when done. */
  onboardingUrl(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  /** Whether the person finished the onboarding (the account can be used). */
  accountReady(accountId: string): Promise<boolean>;
  /** A short-lived sign-in link to the account's dashboard. */
  dashboardUrl(accountId: string): Promise<string>;
  balance(accountId: string): Promise<Balance>;
  /** Pays `amount` out of the account's available balance; the same key answers the same payout. */
  payout(accountId: string, amount: number, idempotencyKey: string): Promise<ProviderPayout>;
  /**
   * Credits a sale's share inside the sale's transaction (the sandbox's ledger is in the portal's database).
   * Absent when the provider is paid by the marketplace's checkout itself (Stripe's destination charges).
   */
  creditSale?(tx: Tx, credit: SaleCredit): Promise<void>;

  // ——— Buyers (docs/rocketchat.md, Buying): the checkout, subscriptions and refunds ———

  /**
   * The provider's page the buyer pays on for a checkout session: the sandbox's card form, or a Stripe
   * Checkout Session (one-time: payment mode; subscriptions: Stripe Billing) paying the publisher's connected
   * account, less the marketplace's fee. `providerSessionId` names it in the provider's events.
   */
  startCheckout(request: CheckoutRequest): Promise<{ url: string; providerSessionId: string }>;
  /**
   * Closes a page that was not paid (another session of the same app replaced it), so it can no longer be paid.
   * A page no longer open (paid meanwhile) is a definitive failure: its payment's completion decides.
   */
  expireCheckout(providerSessionId: string): Promise<void>;
  /** Gives back `amount` of a payment (the idempotency key makes a retried refund one refund). */
  refund(p: { paymentId: string; amount: number; idempotencyKey: string }): Promise<void>;
  /** A subscription's new price per period for its new seats, from the next invoice on (prorated by the provider). */
  updateSubscription(p: { subscriptionId: string; amount: number; seats: number }): Promise<void>;
  /**
   * Cancels a subscription at the end of its period (it runs until then; `resumeSubscription` undoes it), or now.
   * The portal's `reason` goes with it (Stripe's `cancellation_details.comment`), so the provider's word of the
   * cancellation, which may be applied before the portal's own change, records the same reason.
   */
  cancelSubscription(p: { subscriptionId: string; atPeriodEnd: boolean; reason?: CancelReason; idempotencyKey?: string }): Promise<void>;
  /** A subscription cancelled at its period's end renews again. */
  resumeSubscription(p: { subscriptionId: string }): Promise<void>;
}

/** Why the portal cancels a subscription at the provider: the reason its `app.subscription.cancelled` event gives. */
export const CANCEL_REASONS = ['refunded', 'cancelled by the workspace'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
export const isCancelReason = (s: unknown): s is CancelReason => (CANCEL_REASONS as readonly unknown[]).includes(s);

export type CheckoutRequest = {
  /** The portal's checkout session (the provider's client reference). */
  sessionId: string;
  kind: 'buy' | 'subscription';
  /** What the buyer sees on the provider's page: the app's name and the plan. */
  description: string;
  /** The price once, or per period, in dollars. */
  amount: number;
  interval: 'month' | 'year' | null;
  trialDays: number;
  seats: number;
  /** The publisher's connected account (Stripe's destination), and the marketplace's share in percent. */
  destination: string | null;
  feePercent: number;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
};

export type SaleCredit = { accountId: string; key: string; amount: number; availableOn: Date; description: string };

/** Dollars to cents and back, without binary fractions creeping in. */
export const toCents = (amount: number) => Math.round(amount * 100);
export const fromCents = (cents: number) => Math.round(cents) / 100;
