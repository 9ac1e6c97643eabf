import { describe, expect, it } from 'vitest';
import { PURCHASE_EDIT_MESSAGES as M, purchaseEditable, purchaseEditProblems, purchaseRemovable } from './purchase-rules';

const now = new Date('2026-11-23T12:00:00Z');
const info = { status: 'active' as const, periodEnd: '2026-12-23T12:00:00.000Z', isSeatBased: true, seats: 5, maxSeats: 50, externallyManaged: false };
const record = {
  _id: 'r',
  appId: 'a',
  appName: 'A',
  isBundle: false,
  date: '2026-11-01T00:00:00.000Z',
  purchaseType: 'subscription' as const,
  price: 20,
  subscriptionInfo: info,
};
const edit = { status: 'active' as const, periodEnd: info.periodEnd, seats: 5, externallyManaged: false };

describe('purchase record rules', () => {
  it('edits subscriptions that are not of a bundle, past due or cancelled', () => {
    expect(purchaseEditable(record)).toBe(true);
    expect(purchaseEditable({ ...record, isBundle: true })).toBe(false);
    expect(purchaseEditable({ ...record, purchaseType: 'buy', subscriptionInfo: null })).toBe(false);
    for (const status of ['pastDue', 'cancelled'] as const) expect(purchaseEditable({ ...record, subscriptionInfo: { ...info, status } })).toBe(false);
    for (const status of ['trialing', 'cancelling'] as const) expect(purchaseEditable({ ...record, subscriptionInfo: { ...info, status } })).toBe(true);
  });
  it('deletes only externally managed records that are not of a bundle', () => {
    expect(purchaseRemovable(record)).toBe(false);
    const external = { ...record, subscriptionInfo: { ...info, externallyManaged: true } };
    expect(purchaseRemovable(external)).toBe(true);
    expect(purchaseRemovable({ ...external, isBundle: true })).toBe(false);
  });
  it('accepts an unchanged edit and the three statuses staff may choose', () => {
    expect(purchaseEditProblems(record, edit, now)).toEqual([]);
    for (const status of ['trialing', 'cancelled', 'cancelling'] as const) expect(purchaseEditProblems(record, { ...edit, status }, now)).toEqual([]);
    expect(purchaseEditProblems(record, { ...edit, status: 'pastDue' }, now)).toEqual([{ path: 'status', message: M.status }]);
    expect(purchaseEditProblems({ ...record, subscriptionInfo: { ...info, status: 'trialing' } }, edit, now)).toEqual([{ path: 'status', message: M.status }]);
  });
  it('changes the period end only when trialing or externally managed, and never into the past', () => {
    const later = '2027-01-10T00:00:00.000Z';
    expect(purchaseEditProblems(record, { ...edit, periodEnd: later }, now)).toEqual([{ path: 'periodEnd', message: M.periodEndNotEditable }]);
    expect(purchaseEditProblems(record, { ...edit, status: 'trialing', periodEnd: later }, now)).toEqual([]);
    expect(purchaseEditProblems(record, { ...edit, status: 'trialing', periodEnd: '2026-11-20T00:00:00.000Z' }, now)).toEqual([
      { path: 'periodEnd', message: M.periodEndPast },
    ]);
    expect(purchaseEditProblems({ ...record, isBundle: true }, { ...edit, status: 'trialing', periodEnd: later }, now)).toEqual([
      { path: 'periodEnd', message: M.periodEndNotEditable },
    ]);
  });
  it('converts to externally managed only with the period end touched, and never back', () => {
    expect(purchaseEditProblems(record, { ...edit, externallyManaged: true }, now)).toEqual([{ path: 'periodEnd', message: M.periodEndUntouched }]);
    expect(purchaseEditProblems(record, { ...edit, externallyManaged: true, periodEnd: '2027-02-01T00:00:00.000Z' }, now)).toEqual([]);
    const external = { ...record, subscriptionInfo: { ...info, externallyManaged: true } };
    expect(purchaseEditProblems(external, edit, now)).toEqual([{ path: 'externallyManaged', message: M.unmanage }]);
  });
  it('needs at least one seat when seat based, and leaves seats alone otherwise', () => {
    expect(purchaseEditProblems(record, { ...edit, seats: 0 }, now)).toEqual([{ path: 'seats', message: M.seats }]);
    const flat = { ...record, subscriptionInfo: { ...info, isSeatBased: false, seats: 0, maxSeats: 0 } };
    expect(purchaseEditProblems(flat, { ...edit, seats: 0 }, now)).toEqual([]);
    expect(purchaseEditProblems(flat, { ...edit, seats: 3 }, now)).toEqual([{ path: 'seats', message: M.seatsNotSeatBased }]);
  });
});
