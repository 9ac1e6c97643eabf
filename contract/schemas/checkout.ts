// The buyer's side of the marketplace (docs/rocketchat.md, Buying): what a Rocket.Chat workspace's administrator sees on the
// portal's checkout pages, and the refunds staff make. Rocket.Chat opens these pages itself
// (apps/meteor/ee/server/apps/communication/rest.ts, `buildExternalUrl`):
// `{marketplace}/apps/{appId}/buy|subscribe|subscribe/details?workspaceId=…&token=…&seats=N`, the token a fresh
// `marketplace:purchase` workspace token.
import { z } from 'zod';
import { LIMITS, ref } from '../common';
import { Tier } from './price';

export const CHECKOUT_MESSAGES = {
  acceptTerms: 'Accept the terms to continue.',
  seats: 'Choose between 1 and 1,000,000 seats.',
  plan: 'Choose a plan.',
  notForSale: 'This app is free: install it from your workspace’s Marketplace.',
  owned: 'This workspace already has this app.',
  subscribed: 'This workspace already subscribes to this app: change its seats or cancel it instead.',
  notSubscribed: 'This workspace has no subscription to this app that can be changed.',
  otherWorkspace: 'This token belongs to another workspace: open the page again from your own workspace’s Marketplace.',
  notListed: 'This app is not for sale in the Marketplace.',
  noPayoutAccount: 'This app’s publisher cannot take payments yet.',
  sameSeats: 'The subscription already has this many seats.',
  ending: 'This subscription ends at the end of its period: resume it first.',
  notEnding: 'This subscription is not being cancelled.',
  pastDue: 'This subscription’s last payment failed: it cannot be changed until it is paid.',
  ended: 'This subscription has ended.',
  refundAmount: 'A refund is more than 0 and at most what is left to refund.',
  alreadyHeld: (app: string) => `This workspace already holds ${app}.`,
  notRefundable: 'Only purchases billed through the marketplace’s checkout can be refunded here, and only once in full.',
} as const;

export const CheckoutPlan = z.object({
  id: z.string(),
  strategy: z.enum(['monthly', 'yearly']),
  isPerSeat: z.boolean(),
  price: z.number(),
  tiers: z.array(Tier),
  trialDays: z.number().int(),
});
export type CheckoutPlan = z.infer<typeof CheckoutPlan>;

/** The workspace's own purchase of the app (or of a bundle with it) as the checkout pages show it. */
export const OwnedPurchase = z.object({
  purchaseId: z.string(),
  kind: z.enum(['buy', 'subscription']),
  /** Bought as part of a bundle (changed on the bundle's page, not here). */
  viaBundle: z.boolean(),
  status: z.enum(['active', 'trialing', 'pastDue', 'cancelled', 'cancelling', 'refunded', 'owned']),
  planId: z.string(),
  strategy: z.enum(['monthly', 'yearly']).nullable(),
  isSeatBased: z.boolean(),
  seats: z.number().int(),
  maxSeats: z.number().int(),
  price: z.number(),
  periodEnd: z.string().nullable(),
  /**
   * Changes (seats, cancelling, resuming) can be made here: billed by the marketplace's checkout, not externally
   * managed, running. Which ones, machines/subscription.ts says from the status, `paid`, the seats.
   */
  manageable: z.boolean(),
  /** A payment of the current period was made (a trial has none yet). */
  paid: z.boolean(),
});
export type OwnedPurchase = z.infer<typeof OwnedPurchase>;

/** What the checkout page offers a workspace: the app, its price or plans, and what the workspace holds of it. */
export const CheckoutOffer = z.object({
  app: z.object({
    id: z.string(),
    name: z.string(),
    publisherName: z.string(),
    shortDescription: z.string(),
    /** The icon as a data URL ('' when none). */
    iconFileData: z.string(),
    isBundle: z.boolean(),
    tosLink: z.string(),
    privacyLink: z.string(),
  }),
  workspace: z.object({ id: z.string(), nickname: z.string(), address: z.string() }),
  purchaseType: z.enum(['buy', 'subscription']),
  /** A one-time purchase's price (0 for a subscription app). */
  price: z.number(),
  plans: z.array(CheckoutPlan),
  owned: OwnedPurchase.nullable(),
  provider: z.enum(['sandbox', 'stripe']),
  /** The marketplace's share of each payment (the rest goes to the publisher), in percent. */
  feePercent: z.number(),
  /** Why it cannot be bought now (`noPayoutAccount`), said on arrival, before a plan is chosen; null when it can. */
  unavailable: z.string().nullable(),
});
export type CheckoutOffer = z.infer<typeof CheckoutOffer>;

export const CheckoutQuery = z.object({ workspaceId: ref('workspaceId is required.') });

export const StartCheckoutInput = z.object({
  workspaceId: ref('workspaceId is required.'),
  planId: z
    .string()
    .max(LIMITS.id * 2)
    .default(''),
  seats: z
    .number({ error: CHECKOUT_MESSAGES.seats })
    .int({ error: CHECKOUT_MESSAGES.seats })
    .min(0)
    .max(LIMITS.count, { error: CHECKOUT_MESSAGES.seats })
    .default(0),
  acceptTerms: z.literal(true, { error: CHECKOUT_MESSAGES.acceptTerms }),
});
export type StartCheckoutInput = z.infer<typeof StartCheckoutInput>;

export const CheckoutSession = z.object({
  id: z.string(),
  appId: z.string(),
  workspaceId: z.string(),
  kind: z.enum(['buy', 'subscription']),
  planId: z.string(),
  seats: z.number().int(),
  price: z.number(),
  trialDays: z.number().int(),
  /** `voided`: paid when the workspace already held the app (another session was paid first); nothing was made, the payment is given back. */
  status: z.enum(['open', 'completed', 'declined', 'expired', 'voided']),
  /** Why the last payment was declined, or why the session was voided. */
  failure: z.string(),
  /** A voided session's payment: nothing was charged (`none`), being refunded, refunded, or the refund failed. */
  giveBack: z.enum(['none', 'pending', 'done', 'failed']),
  purchaseId: z.string().nullable(),
  /** The payment provider's page the buyer pays on (the sandbox's card form, or Stripe Checkout). */
  url: z.string(),
  /** The workspace's address: where the buyer goes back to. */
  returnUrl: z.string(),
  createdAt: z.string(),
});
export type CheckoutSession = z.infer<typeof CheckoutSession>;

export const ChangeSeatsInput = z.object({
  workspaceId: ref('workspaceId is required.'),
  seats: z
    .number({ error: CHECKOUT_MESSAGES.seats })
    .int({ error: CHECKOUT_MESSAGES.seats })
    .min(1, { error: CHECKOUT_MESSAGES.seats })
    .max(LIMITS.count, { error: CHECKOUT_MESSAGES.seats }),
});
export const CancelSubscriptionInput = z.object({
  workspaceId: ref('workspaceId is required.'),
  /** At the end of the period (keeps running until then; resuming undoes it) or now. */
  when: z.enum(['periodEnd', 'now'], { error: 'when must be periodEnd or now.' }),
});
export const ResumeSubscriptionInput = z.object({ workspaceId: ref('workspaceId is required.') });
/** Staff's refund: of `amount` dollars (default: all that was paid for the current purchase or period). */
export const RefundInput = z.object({
  amount: z
    .number({ error: CHECKOUT_MESSAGES.refundAmount })
    .positive({ error: CHECKOUT_MESSAGES.refundAmount })
    .max(LIMITS.price, { error: CHECKOUT_MESSAGES.refundAmount })
    .optional(),
  reason: z.string().trim().max(LIMITS.note).default(''),
});
