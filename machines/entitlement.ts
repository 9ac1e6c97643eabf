import type { SubscriptionState } from './subscription';

/**
 * What still entitles a workspace to an app, written once for the server (downloads, the catalog's purchase
 * state, the checkout's "already held", pricing's active subscriptions, stats) and the checkout pages (SPEC §3:
 * active, trialing and cancelling subscriptions count as active).
 */
export const ENTITLING_STATUSES = ['active', 'trialing', 'cancelling'] as const satisfies readonly SubscriptionState[];

/** A subscription status that still entitles: running, in its trial, or cancelled at its period's end but not there yet. */
export const isEntitlingStatus = (status: string | null | undefined): boolean => !!status && (ENTITLING_STATUSES as readonly string[]).includes(status);

/** A purchase record as far as entitlement goes. */
export type Holding = { purchaseType: 'buy' | 'subscription'; subscriptionStatus: string | null; refundedAt: Date | string | null };

/** A purchase that still entitles: bought once, or a subscription in an entitling status — and not refunded. */
export const entitles = (r: Holding): boolean => r.refundedAt === null && (r.purchaseType === 'buy' || isEntitlingStatus(r.subscriptionStatus));

/**
 * The same, for a purchase as the checkout pages show it (contract/schemas/checkout.ts OwnedPurchase: a one-time
 * purchase is `owned` until refunded; a subscription carries its status).
 */
export const ownedEntitles = (owned: { kind: 'buy' | 'subscription'; status: string }): boolean =>
  owned.kind === 'buy' ? owned.status === 'owned' : isEntitlingStatus(owned.status);
