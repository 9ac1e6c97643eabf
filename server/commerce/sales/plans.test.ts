import { describe, expect, it } from 'vitest';
import { planPrice, type Plan } from './plans';

const flat: Plan = { id: 'p:yearly', strategy: 'yearly', isPerSeat: false, price: 40, tiers: [], trialDays: 0 };
const perSeat: Plan = {
  id: 'p:monthly',
  strategy: 'monthly',
  isPerSeat: true,
  price: 0,
  trialDays: 14,
  tiers: [
    { price: 4, perUnit: true, minimum: 1, maximum: 50 },
    { price: 300, perUnit: false, minimum: 51, maximum: 150 },
    { price: 1.5, perUnit: true, minimum: 151, maximum: -1 },
  ],
};

describe('planPrice', () => {
  it('charges a flat plan its price whatever the seats', () => {
    expect(planPrice(flat, 0)).toEqual({ price: 40, maxSeats: 0 });
    expect(planPrice(flat, 12)).toEqual({ price: 40, maxSeats: 0 });
  });
  it('charges per seat in the tier holding the seats, and a flat tier its price', () => {
    expect(planPrice(perSeat, 1)).toEqual({ price: 4, maxSeats: 50 });
    expect(planPrice(perSeat, 50)).toEqual({ price: 200, maxSeats: 50 });
    expect(planPrice(perSeat, 51)).toEqual({ price: 300, maxSeats: 150 });
    expect(planPrice(perSeat, 1001)).toEqual({ price: 1501.5, maxSeats: 1001 });
  });
  it('has no price for seats no tier holds', () => {
    expect(planPrice(perSeat, 0)).toBeNull();
    expect(planPrice({ ...perSeat, tiers: perSeat.tiers.slice(0, 1) }, 51)).toBeNull();
  });
});
