import type { CheckoutOffer, OwnedPurchase } from '../../../contract/schemas/checkout';
import { isEntitlingStatus } from '../../../machines/entitlement';

/** A subscription still running: what blocks a new one (the server allows another when none entitles: machines/entitlement.ts). */
export const isLive = (owned: OwnedPurchase) => isEntitlingStatus(owned.status);

/** What the workspace holds of the app, as the checkout pages act on it. */
export type Holding =
  /** Bought once: nothing to pay. */
  | { kind: 'bought'; owned: OwnedPurchase }
  /** A running subscription the buyer can change here. */
  | { kind: 'manage'; owned: OwnedPurchase }
  /** A running subscription changed elsewhere (a bundle's, or billed outside the checkout). */
  | { kind: 'readOnly'; owned: OwnedPurchase }
  /** A subscription that ended or lapsed (past due, cancelled, refunded): the buyer may subscribe again. */
  | { kind: 'lapsed'; owned: OwnedPurchase }
  | { kind: 'none' };

export function holdingOf(offer: Pick<CheckoutOffer, 'owned'>): Holding {
  const owned = offer.owned;
  if (!owned) return { kind: 'none' };
  if (owned.kind === 'buy') return owned.status === 'refunded' || owned.status === 'cancelled' ? { kind: 'none' } : { kind: 'bought', owned };
  if (!isLive(owned)) return { kind: 'lapsed', owned };
  return owned.manageable && !owned.viaBundle ? { kind: 'manage', owned } : { kind: 'readOnly', owned };
}
