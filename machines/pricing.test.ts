import { describe, expect, it } from 'vitest';
import { getNextSnapshot } from 'xstate';
import { decidePricing, pricingMachine, pricingSnapshot, type PricingEvent, type PricingInput, type PurchaseChoice } from './pricing';

/**
 * The machine's paths run against the server in tests/model/pricing.model.test.ts. The oracle here:
 * SPEC §4's purchase-type rules written out by hand — for each starting type, with and
 * without canCreatePaidApps and active subscriptions, where each choice leads (null: refused).
 */
type Where = PurchaseChoice | 'confirmingCancellation' | null;
const choices: [string, PricingEvent][] = [
  ['free', { type: 'CHOOSE_FREE' }],
  ['one-time 0', { type: 'CHOOSE_BUY', price: 0 }],
  ['one-time 5.99', { type: 'CHOOSE_BUY', price: 5.99 }],
  ['subscription with a plan', { type: 'CHOOSE_SUBSCRIPTION', planId: 'plan-1' }],
  ['subscription without a plan', { type: 'CHOOSE_SUBSCRIPTION', planId: '' }],
];
type Row = { from: PurchaseChoice; paid: boolean; subs: number; to: Where[] };
const oracle: Row[] = [
  { from: 'free', paid: true, subs: 0, to: ['free', 'free', 'buy', 'subscription', null] },
  { from: 'free', paid: false, subs: 0, to: ['free', 'free', null, null, null] },
  { from: 'buy', paid: true, subs: 0, to: ['free', 'free', 'buy', 'subscription', null] },
  { from: 'buy', paid: false, subs: 0, to: ['free', 'free', null, null, null] },
  { from: 'subscription', paid: true, subs: 3, to: ['confirmingCancellation', 'confirmingCancellation', null, 'subscription', null] },
  { from: 'subscription', paid: true, subs: 0, to: ['free', 'free', null, 'subscription', null] },
  { from: 'subscription', paid: false, subs: 2, to: ['confirmingCancellation', 'confirmingCancellation', null, 'subscription', null] },
];

describe('purchase-type changes (SPEC §4)', () => {
  for (const row of oracle) {
    const input: PricingInput = { current: row.from, canCreatePaidApps: row.paid, activeSubscriptions: row.subs };
    const name = `${row.from}, ${row.paid ? 'may' : 'may not'} create paid apps, ${row.subs} active subscription(s)`;

    it(`${name}: each choice goes where the spec says`, () => {
      const start = pricingSnapshot(input);
      expect(start.value).toBe(row.from);
      choices.forEach(([label, event], i) => {
        const expected = row.to[i];
        expect(start.can(event), label).toBe(expected !== null);
        const next = getNextSnapshot(pricingMachine, start, event);
        if (expected) expect(next.value, label).toBe(expected);
        if (next.value === 'confirmingCancellation') {
          // The prompt: No keeps the subscription, Yes makes the app free with no active subscriptions.
          const kept = getNextSnapshot(pricingMachine, next, { type: 'CANCEL' });
          expect(kept.value).toBe('subscription');
          const confirmed = getNextSnapshot(pricingMachine, next, { type: 'CONFIRM' });
          expect([confirmed.value, confirmed.context.activeSubscriptions]).toEqual(['free', 0]);
        }
      });
    });
  }
});

describe('the decision the server applies', () => {
  const sub = { current: 'subscription' as const, canCreatePaidApps: true, activeSubscriptions: 4 };
  it('asks before cancelling subscriptions, with the count, then cancels them all', () => {
    expect(decidePricing(sub, { type: 'buy', buyPrice: 0 })).toEqual({
      kind: 'confirm',
      count: 4,
      message: 'All 4 active subscription(s) will be automatically cancelled with this change.',
    });
    expect(decidePricing(sub, { type: 'buy', buyPrice: 0 }, true)).toEqual({ kind: 'apply', to: 'free', cancelSubscriptions: 4 });
  });
  it('refuses subscription → one-time, paid types without the flag, and a subscription without a plan', () => {
    expect(decidePricing(sub, { type: 'buy', buyPrice: 9 })).toMatchObject({
      kind: 'refused',
      status: 409,
      message: 'Converting from a subscription to one-time purchase is not allowed at this time.',
    });
    expect(decidePricing({ current: 'free', canCreatePaidApps: false, activeSubscriptions: 0 }, { type: 'buy', buyPrice: 9 })).toMatchObject({
      kind: 'refused',
      status: 403,
    });
    expect(decidePricing({ current: 'free', canCreatePaidApps: true, activeSubscriptions: 0 }, { type: 'subscription', pricingId: '' })).toMatchObject({
      kind: 'refused',
      status: 400,
      message: 'A pricing plan is required.',
      field: 'pricingId',
    });
  });
  it('applies free ⇄ one-time and a plan change directly', () => {
    expect(decidePricing({ current: 'free', canCreatePaidApps: true, activeSubscriptions: 0 }, { type: 'buy', buyPrice: 5.99 })).toEqual({
      kind: 'apply',
      to: 'buy',
      cancelSubscriptions: 0,
    });
    expect(decidePricing({ current: 'buy', canCreatePaidApps: false, activeSubscriptions: 0 }, { type: 'buy', buyPrice: 0 })).toEqual({
      kind: 'apply',
      to: 'free',
      cancelSubscriptions: 0,
    });
    expect(decidePricing(sub, { type: 'subscription', pricingId: 'p2' })).toEqual({ kind: 'apply', to: 'subscription', cancelSubscriptions: 0 });
  });
});
