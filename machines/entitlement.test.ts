import { describe, expect, it } from 'vitest';
import { entitles, isEntitlingStatus, ownedEntitles } from './entitlement';
import { subscriptionStates } from './subscription';

describe('what still entitles', () => {
  it('a subscription entitles while active, trialing or cancelling, and not once past due or cancelled', () => {
    expect(subscriptionStates.filter(isEntitlingStatus)).toEqual(['trialing', 'active', 'cancelling']);
    expect(isEntitlingStatus(null)).toBe(false);
  });
  it('a one-time purchase entitles until it is refunded; a refund ends a subscription’s entitlement too', () => {
    expect(entitles({ purchaseType: 'buy', subscriptionStatus: null, refundedAt: null })).toBe(true);
    expect(entitles({ purchaseType: 'buy', subscriptionStatus: null, refundedAt: new Date() })).toBe(false);
    expect(entitles({ purchaseType: 'subscription', subscriptionStatus: 'cancelling', refundedAt: null })).toBe(true);
    expect(entitles({ purchaseType: 'subscription', subscriptionStatus: 'active', refundedAt: '2026-01-01T00:00:00Z' })).toBe(false);
    expect(entitles({ purchaseType: 'subscription', subscriptionStatus: 'pastDue', refundedAt: null })).toBe(false);
  });
  it('the checkout pages’ view of a purchase says the same', () => {
    expect(ownedEntitles({ kind: 'buy', status: 'owned' })).toBe(true);
    expect(ownedEntitles({ kind: 'buy', status: 'refunded' })).toBe(false);
    expect(ownedEntitles({ kind: 'subscription', status: 'cancelling' })).toBe(true);
    expect(ownedEntitles({ kind: 'subscription', status: 'refunded' })).toBe(false);
    expect(ownedEntitles({ kind: 'subscription', status: 'pastDue' })).toBe(false);
  });
});
