import { describe, expect, it } from 'vitest';
import { newSubscription, subscriptionAllows, subscriptionStep, subscriptionStates, type SubscriptionEvent, type SubscriptionState } from './subscription';

/**
 * The machine's paths run against the real server in tests/model/subscription.model.test.ts. The oracle here:
 * the subscription rules (docs/rocketchat.md, Buying: its table of states) written out by hand — for each status, paid or in its trial, where each event
 * leads (null: refused). A per-seat subscription of 10 seats.
 */
const events: [string, SubscriptionEvent][] = [
  ['period paid', { type: 'PERIOD_PAID' }],
  ['payment failed', { type: 'PAYMENT_FAILED' }],
  ['period ended', { type: 'PERIOD_ENDED' }],
  ['past due expired', { type: 'PAST_DUE_EXPIRED' }],
  ['12 seats', { type: 'CHANGE_SEATS', seats: 12 }],
  ['cancel at period end', { type: 'CANCEL_AT_PERIOD_END' }],
  ['cancel now', { type: 'CANCEL_NOW' }],
  ['resume', { type: 'RESUME' }],
  ['refund', { type: 'REFUND' }],
];
type To = SubscriptionState | null;
const oracle: { from: SubscriptionState; paid: boolean; to: To[] }[] = [
  //                                   paid       failed     ended        expired      seats        at end        now          resume       refund
  { from: 'trialing', paid: false, to: ['active', 'pastDue', null, null, 'trialing', 'cancelling', 'cancelled', null, null] },
  { from: 'active', paid: true, to: ['active', 'pastDue', null, null, 'active', 'cancelling', 'cancelled', null, 'cancelled'] },
  { from: 'pastDue', paid: true, to: ['active', null, null, 'cancelled', null, null, null, null, 'cancelled'] },
  { from: 'pastDue', paid: false, to: ['active', null, null, 'cancelled', null, null, null, null, null] },
  { from: 'cancelling', paid: true, to: [null, null, 'cancelled', null, null, null, 'cancelled', 'active', 'cancelled'] },
  { from: 'cancelling', paid: false, to: [null, null, 'cancelled', null, null, null, 'cancelled', 'trialing', null] },
  { from: 'cancelled', paid: true, to: [null, null, null, null, null, null, null, null, null] },
];

describe('a subscription billed through the checkout', () => {
  it('covers every status', () => {
    expect(new Set(oracle.map((r) => r.from))).toEqual(new Set(subscriptionStates));
  });
  for (const row of oracle) {
    for (const [i, [name, event]] of events.entries()) {
      it(`${row.from}${row.paid ? ' (paid)' : ''} — ${name} → ${row.to[i] ?? 'refused'}`, () => {
        expect(subscriptionStep({ status: row.from, paid: row.paid, perSeat: true, seats: 10 }, event)).toBe(row.to[i]);
      });
    }
  }
  it('changes seats only of a per-seat subscription, to another whole count above zero', () => {
    const at = { status: 'active', paid: true, perSeat: true, seats: 10 } as const;
    for (const seats of [10, 0, -1, 2.5]) expect(subscriptionAllows(at, { type: 'CHANGE_SEATS', seats })).toBe(false);
    expect(subscriptionAllows({ ...at, perSeat: false }, { type: 'CHANGE_SEATS', seats: 12 })).toBe(false);
  });
});

describe('a new subscription', () => {
  it('trials when nothing was charged at checkout, and is active when its first period was', () => {
    expect(newSubscription({ paid: false, perSeat: true, seats: 5 }).value).toBe('trialing');
    expect(newSubscription({ paid: true, perSeat: false, seats: 0 }).value).toBe('active');
  });
});
