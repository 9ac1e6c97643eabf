import { describe, expect, it } from 'vitest';
import type { OwnedPurchase } from '../../../contract/schemas/checkout';
import { holdingOf } from './owned';

const sub: OwnedPurchase = {
  purchaseId: 'p1',
  kind: 'subscription',
  viaBundle: false,
  status: 'active',
  planId: 'x:monthly',
  strategy: 'monthly',
  isSeatBased: true,
  seats: 35,
  maxSeats: 50,
  price: 140,
  periodEnd: '2030-01-01T00:00:00.000Z',
  manageable: true,
  paid: true,
};

describe('what the workspace holds', () => {
  it('nothing, or a refunded purchase: it may buy', () => {
    expect(holdingOf({ owned: null }).kind).toBe('none');
    expect(holdingOf({ owned: { ...sub, kind: 'buy', status: 'refunded' } }).kind).toBe('none');
  });
  it('a bought app: already purchased', () => {
    expect(holdingOf({ owned: { ...sub, kind: 'buy', status: 'owned' } }).kind).toBe('bought');
  });
  it('a running subscription it can change here, or only read', () => {
    for (const status of ['active', 'trialing', 'cancelling'] as const) expect(holdingOf({ owned: { ...sub, status } }).kind).toBe('manage');
    expect(holdingOf({ owned: { ...sub, viaBundle: true } }).kind).toBe('readOnly');
    expect(holdingOf({ owned: { ...sub, manageable: false } }).kind).toBe('readOnly');
  });
  it('a lapsed subscription: it may subscribe again', () => {
    for (const status of ['pastDue', 'cancelled', 'refunded'] as const) expect(holdingOf({ owned: { ...sub, status } }).kind).toBe('lapsed');
  });
});
