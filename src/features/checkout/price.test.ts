import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES, type CheckoutPlan } from '../../../contract/schemas/checkout';
import { costLine, parseSeats, planPrice, planSummary, seatsProblem, seatsToSend, tierFor } from './price';

const standup: CheckoutPlan = {
  id: 'p:monthly',
  strategy: 'monthly',
  isPerSeat: true,
  price: 0,
  trialDays: 14,
  tiers: [
    { price: 4, perUnit: true, minimum: 1, maximum: 50 },
    { price: 3.5, perUnit: true, minimum: 51, maximum: 150 },
  ],
};
const flat: CheckoutPlan = { id: 'p:yearly', strategy: 'yearly', isPerSeat: false, price: 40, trialDays: 0, tiers: [] };
const mixed: CheckoutPlan = {
  ...standup,
  tiers: [
    { price: 99, perUnit: false, minimum: 1, maximum: 10 },
    { price: 0.333, perUnit: true, minimum: 11, maximum: -1 },
  ],
};

describe('the price of a plan for some seats (as the server computes it)', () => {
  it('a flat plan costs its price whatever the seats', () => {
    expect(planPrice(flat, 0)).toBe(40);
    expect(planPrice(flat, 5000)).toBe(40);
    expect(seatsToSend(flat, 37)).toBe(0);
  });

  it('a per-seat plan prices the seats by the tier holding them, both ends of each tier included', () => {
    expect(planPrice(standup, 1)).toBe(4);
    expect(planPrice(standup, 35)).toBe(140);
    expect(planPrice(standup, 50)).toBe(200);
    expect(planPrice(standup, 51)).toBe(178.5);
    expect(planPrice(standup, 150)).toBe(525);
    expect(seatsToSend(standup, 37)).toBe(37);
  });

  it('no tier holding the seats has no price', () => {
    expect(planPrice(standup, 151)).toBeNull();
    expect(planPrice(standup, 0)).toBeNull();
    expect(tierFor(standup.tiers, 151)).toBeUndefined();
  });

  it('a tier that is not per unit costs its price; a maximum of -1 is unbounded; results are rounded to cents', () => {
    expect(planPrice(mixed, 7)).toBe(99);
    expect(planPrice(mixed, 10)).toBe(99);
    expect(planPrice(mixed, 11)).toBe(3.66);
    expect(planPrice(mixed, 1_000_000)).toBe(333000);
    expect(planPrice(mixed, 3)).toBe(99);
  });
});

describe('seats', () => {
  it('are 1 to 1,000,000 on a per-seat plan, and covered by a tier', () => {
    expect(seatsProblem(standup, 35)).toBeUndefined();
    expect(seatsProblem(standup, 0)).toBe(CHECKOUT_MESSAGES.seats);
    expect(seatsProblem(standup, 1.5)).toBe(CHECKOUT_MESSAGES.seats);
    expect(seatsProblem(standup, Number.NaN)).toBe(CHECKOUT_MESSAGES.seats);
    expect(seatsProblem(mixed, 1_000_001)).toBe(CHECKOUT_MESSAGES.seats);
    expect(seatsProblem(standup, 151)).toBe('This plan covers at most 150 seats.');
    expect(seatsProblem({ ...standup, tiers: [{ price: 1, perUnit: true, minimum: 5, maximum: -1 }] }, 2)).toBe('Choose at least 5 seats.');
  });

  it('do not matter on a flat plan', () => {
    expect(seatsProblem(flat, 0)).toBeUndefined();
  });

  it('are read as whole numbers only', () => {
    expect(parseSeats(' 42 ')).toBe(42);
    expect(parseSeats('')).toBeNaN();
    expect(parseSeats('4.5')).toBeNaN();
    expect(parseSeats('-3')).toBeNaN();
    expect(parseSeats('1e3')).toBeNaN();
  });
});

describe('how prices read', () => {
  it('names the trial first, then the price per period', () => {
    expect(costLine(standup, 140)).toBe('14-day free trial, then $140.00 per month');
    expect(costLine(flat, 40)).toBe('$40.00 per year');
  });

  it('summarises a plan before seats are chosen', () => {
    expect(planSummary(standup)).toBe('from $3.50 per seat per month');
    expect(planSummary(flat)).toBe('$40.00 per year');
    expect(planSummary(mixed)).toBe('priced by the number of seats, per month');
  });
});
