import { z } from 'zod';
import { LIMITS, bounded, money, ref } from '../common';

export const Tier = z.object({
  price: money('A tier price is required.', 'A tier price can not be negative.'),
  perUnit: z.boolean(),
  minimum: z.number().int().min(1).max(LIMITS.count),
  /** -1: no maximum (the last tier). */
  maximum: z.number().int().min(-1).max(LIMITS.count),
});
export const PriceTerm = z.object({
  enabled: z.boolean(),
  price: money('A price is required.', 'A price can not be negative.'),
  stripePriceId: bounded(LIMITS.title).default(''),
  isSeatBased: z.boolean(),
  tiers: z.array(Tier).max(20, { error: 'At most 20 tiers.' }),
});
export const priceTypes = ['free', 'buy', 'subscription'] as const;
export const Price = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(priceTypes),
  active: z.boolean(),
  buyPrice: z.number(),
  monthly: PriceTerm,
  yearly: PriceTerm,
  trialEnabled: z.boolean(),
  trialDuration: z.number().int(),
  referenceEnabled: z.boolean(),
  referenceId: z.string(),
  createdDate: z.string(),
  unique: z.boolean(),
  actives: z.number().int(),
});
export type Price = z.infer<typeof Price>;

/** SPEC §5 texts of the pricing forms, shared by the drawers and the server. */
export const PRICE_MESSAGES = {
  name: 'Plan name is required.',
  monthlyRequired: 'A monthly price is required.',
  monthlyNegative: 'Monthly price can not be negative.',
  yearlyRequired: 'A yearly price is required.',
  yearlyNegative: 'Yearly price can not be negative.',
  trialRequired: 'Trial duration is required.',
  trialMin: 'Trial days must be at least 1 when enabled.',
  tierCount: 'When the pricing plan is per seat there must be at least two tiers.',
  tierOrder: 'Each tier must start at the previous tier’s maximum plus 1.',
  oneTerm: 'Enable monthly or yearly billing (or both).',
} as const;

const term = (required: string, negative: string) =>
  PriceTerm.extend({ price: money(required, negative) }).superRefine((t, ctx) => {
    if (!t.enabled || !t.isSeatBased) return;
    if (t.tiers.length < 2) ctx.addIssue({ code: 'custom', path: ['tiers'], message: PRICE_MESSAGES.tierCount });
    t.tiers.forEach((tier, i) => {
      const previous = t.tiers[i - 1];
      if (previous && tier.minimum !== previous.maximum + 1) ctx.addIssue({ code: 'custom', path: ['tiers', i, 'minimum'], message: PRICE_MESSAGES.tierOrder });
    });
  });

/** SPEC §5 New subscription plan (monthly and yearly on by default, trial off; seat-based terms have tiers). */
export const NewPriceInput = z
  .object({
    name: z.string({ error: PRICE_MESSAGES.name }).trim().min(1, { error: PRICE_MESSAGES.name }).max(80),
    monthly: term(PRICE_MESSAGES.monthlyRequired, PRICE_MESSAGES.monthlyNegative),
    yearly: term(PRICE_MESSAGES.yearlyRequired, PRICE_MESSAGES.yearlyNegative),
    trialEnabled: z.boolean().default(false),
    trialDuration: z.number({ error: PRICE_MESSAGES.trialRequired }).int().max(365).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.trialEnabled && p.trialDuration === undefined) ctx.addIssue({ code: 'custom', path: ['trialDuration'], message: PRICE_MESSAGES.trialRequired });
    else if (p.trialEnabled && p.trialDuration! < 1) ctx.addIssue({ code: 'custom', path: ['trialDuration'], message: PRICE_MESSAGES.trialMin });
    if (!p.monthly.enabled && !p.yearly.enabled) ctx.addIssue({ code: 'custom', path: ['monthly', 'enabled'], message: PRICE_MESSAGES.oneTerm });
  });
export type NewPriceInput = z.infer<typeof NewPriceInput>;

/** SPEC §5 Change pricing (the drawer): a one-time price of at least 0.01; free is its own choice. */
export const CHANGE_PRICING_MESSAGES = {
  type: 'You must select the Purchase Type.',
  priceRequired: 'Please set the price for the one-time purchase.',
  priceMin: 'Purchase price must be a number and must be greater than zero.',
  plan: 'You must select an active pricing plan.',
  saveFailed: 'Saving Price Failed',
  disregard: 'Disregard changes?',
} as const;

/** The pricing-set call (SPEC §7 "path not shown"): free is buy with price 0. */
export const ONE_TIME_MINIMUM = 0.01;
/** A one-time price: 0 is Free (SPEC §4: free is buy at 0); any other is at least 0.01 (the drawer's minimum). */
export const oneTimePrice = (required: string = CHANGE_PRICING_MESSAGES.priceRequired) =>
  money(required, CHANGE_PRICING_MESSAGES.priceMin).refine((v) => v === 0 || v >= ONE_TIME_MINIMUM, { error: CHANGE_PRICING_MESSAGES.priceMin });
export const SetPricingInput = z.object({
  type: z.enum(['buy', 'subscription'], { error: 'You must select the Purchase Type.' }),
  buyPrice: oneTimePrice(),
  pricingId: ref().optional(),
  confirmCancelSubscriptions: z.boolean().optional(),
});

/** SPEC §3 Pricing plan (bundle). */
export const BundlePlan = z.object({
  strategy: z.enum(['monthly', 'yearly']),
  trialDays: z.number().int().min(0).max(30),
  price: z.number().min(0).max(9999),
  isPerSeat: z.boolean(),
  tiers: z.array(Tier).max(20),
});
