import type { CheckoutOffer, OwnedPurchase } from '../../../contract/schemas/checkout';
import { ownedEntitles } from '../../../machines/entitlement';

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
  // What still entitles blocks a new purchase (the server refuses another: machines/entitlement.ts).
  if (owned.kind === 'buy') return ownedEntitles(owned) ? { kind: 'bought', owned } : { kind: 'none' };
  if (!ownedEntitles(owned)) return { kind: 'lapsed', owned };
  return owned.manageable && !owned.viaBundle ? { kind: 'manage', owned } : { kind: 'readOnly', owned };
}
