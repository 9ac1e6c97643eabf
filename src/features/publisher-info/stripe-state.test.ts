import { beforeEach, describe, expect, it } from 'vitest';
import { newStripeState, takeStripeState } from './stripe-state';

describe('the payment-provider state kept in this browser', () => {
  beforeEach(() => localStorage.clear());

  it('matches once: the state made here, then never again', () => {
    const state = newStripeState();
    expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(takeStripeState(state)).toBe(true);
    expect(takeStripeState(state)).toBe(false);
  });

  it('refuses another state, and forgets the stored one (a second try needs a new connection)', () => {
    const state = newStripeState();
    expect(takeStripeState('someone-elses-state')).toBe(false);
    expect(takeStripeState(state)).toBe(false);
  });

  it('refuses everything when nothing was stored', () => {
    expect(takeStripeState('')).toBe(false);
    expect(takeStripeState('anything')).toBe(false);
  });
});
