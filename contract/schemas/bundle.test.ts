import { describe, expect, it } from 'vitest';
import { BUNDLE_PLAN_DEFAULTS, BUNDLE_TEXT, BundlePlanInput, bundleSlug, nextTier } from './bundle';

describe('the bundle slug (SPEC §5)', () => {
  it.each([
    ['Team Pack', 'team-pack'],
    ['Northwind Productivity Pack', 'northwind-productivity-pack'],
    // Lowercased, spaces to dashes, anything but a–z and dash removed, a trailing dash dropped.
    ['My Cool Bundle 2!', 'my-cool-bundle'],
    ['Café & Co', 'caf--co'],
    ['R2-D2 Tools', 'r-d-tools'],
    ['Ends with space ', 'ends-with-space'],
    ['100%', ''],
  ])('%s → %s', (name, slug) => expect(bundleSlug(name)).toBe(slug));

  it('drops only one trailing dash, as the spec says', () => expect(bundleSlug('Pack  ')).toBe('pack-'));
});

describe('the tier defaults (SPEC §9)', () => {
  it('starts at 1 to 50, and each next tier starts at the previous maximum plus 1 and spans 100', () => {
    const first = nextTier(undefined);
    expect(first).toEqual({ price: 0, perUnit: true, minimum: 1, maximum: 50 });
    const second = nextTier(first);
    expect([second.minimum, second.maximum]).toEqual([51, 150]);
    const third = nextTier(second);
    expect([third.minimum, third.maximum]).toEqual([151, 250]);
    expect(nextTier({ price: 4, perUnit: true, minimum: 1, maximum: 10 })).toMatchObject({ minimum: 11, maximum: 110 });
  });

  it('has the plan drawer defaults', () => {
    expect(BUNDLE_PLAN_DEFAULTS).toMatchObject({ strategy: 'monthly', trialDays: 14, price: 3, maxPrice: 9999, maxTrialDays: 30, tierMaximum: 100 });
  });
});

describe('a bundle plan (SPEC §5, §9 messages)', () => {
  const messages = (plan: unknown) => {
    const r = BundlePlanInput.safeParse(plan);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  const tiers = [nextTier(undefined), nextTier(nextTier(undefined))];

  it('takes a flat plan priced above 0 and a per-seat plan with two tiers', () => {
    expect(messages({ strategy: 'yearly', trialDays: 0, price: 480, isPerSeat: false, tiers: [] })).toEqual([]);
    expect(messages({ strategy: 'monthly', trialDays: 30, price: 0, isPerSeat: true, tiers })).toEqual([]);
  });

  it('refuses a flat plan at 0, a per-seat plan with one tier, and tiers out of order', () => {
    expect(messages({ strategy: 'monthly', trialDays: 14, price: 0, isPerSeat: false, tiers: [] })).toEqual([BUNDLE_TEXT.flatPrice]);
    expect(messages({ strategy: 'monthly', trialDays: 14, price: 0, isPerSeat: true, tiers: tiers.slice(0, 1) })).toEqual([BUNDLE_TEXT.tierCount]);
    expect(messages({ strategy: 'monthly', trialDays: 14, price: 0, isPerSeat: true, tiers: [tiers[0], { ...tiers[1], minimum: 60 }] })).toEqual([
      BUNDLE_TEXT.tierOrder,
    ]);
  });

  it('keeps trial days within 0 to 30 and the price within 0 to 9999', () => {
    expect(messages({ strategy: 'monthly', trialDays: 31, price: 3, isPerSeat: false, tiers: [] })).toHaveLength(1);
    expect(messages({ strategy: 'monthly', trialDays: -1, price: 3, isPerSeat: false, tiers: [] })).toHaveLength(1);
    expect(messages({ strategy: 'monthly', trialDays: 14, price: 10_000, isPerSeat: false, tiers: [] })).toHaveLength(1);
  });

  it('says which plan already exists', () => {
    expect(BUNDLE_TEXT.planExists('monthly')).toBe('A Monthly Plan Already Exists!');
    expect(BUNDLE_TEXT.planExists('yearly')).toBe('A Yearly Plan Already Exists!');
  });
});
