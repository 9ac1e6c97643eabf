import { z } from 'zod';

export const Tier = z.object({
  price: z.number().min(0),
  perUnit: z.boolean(),
  minimum: z.number().int().min(1),
  maximum: z.number().int().min(-1),
});
export const PriceTerm = z.object({
  enabled: z.boolean(),
  price: z.number().min(0),
  stripePriceId: z.string().default(''),
  isSeatBased: z.boolean(),
  tiers: z.array(Tier),
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

/** SPEC §5 New subscription plan. */
export const NewPriceInput = z
  .object({
    name: z.string({ error: 'Plan name is required.' }).trim().min(1, { error: 'Plan name is required.' }),
    monthly: PriceTerm.extend({ price: z.number({ error: 'A monthly price is required.' }).min(0, { error: 'Monthly price can not be negative.' }) }),
    yearly: PriceTerm.extend({ price: z.number({ error: 'A yearly price is required.' }).min(0, { error: 'Yearly price can not be negative.' }) }),
    trialEnabled: z.boolean().default(false),
    trialDuration: z.number().int().default(0),
  })
  .refine((p) => !p.trialEnabled || p.trialDuration >= 1, {
    path: ['trialDuration'],
    error: 'Trial days must be at least 1 when enabled.',
  });

/** The pricing-set call (SPEC §7 "path not shown"): free is buy with price 0. */
export const SetPricingInput = z.object({
  type: z.enum(['buy', 'subscription'], { error: 'You must select the Purchase Type.' }),
  buyPrice: z.number({ error: 'Please set the price for the one-time purchase.' }).min(0),
  pricingId: z.string().optional(),
  confirmCancelSubscriptions: z.boolean().optional(),
});

/** SPEC §3 Pricing plan (bundle). */
export const BundlePlan = z.object({
  strategy: z.enum(['monthly', 'yearly']),
  trialDays: z.number().int().min(0).max(30),
  price: z.number().min(0).max(9999),
  isPerSeat: z.boolean(),
  tiers: z.array(Tier),
});
