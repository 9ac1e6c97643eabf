import type { OwnedPurchase } from '../../../contract/schemas/checkout';

/** A workspace's running per-seat monthly subscription of the checkout tests' app (plan `price1:monthly`), changed by `over`. */
export const ownedSubscription = (over: Partial<OwnedPurchase> = {}): OwnedPurchase => ({
  purchaseId: 'p1',
  kind: 'subscription',
  viaBundle: false,
  status: 'active',
  planId: 'price1:monthly',
  strategy: 'monthly',
  isSeatBased: true,
  seats: 35,
  maxSeats: 50,
  price: 140,
  // Midday UTC: the same calendar day in every time zone the tests may run in.
  periodEnd: '2030-02-01T12:00:00.000Z',
  manageable: true,
  paid: true,
  ...over,
});
