import { z } from 'zod';
import { LIMITS, bounded } from '../common';
import { multipartForm } from './app';
import { RESERVED_CATEGORY } from './languages';
import { Tier } from './price';

/** SPEC §5, §8 and §9 texts of the bundle screens and rules (verbatim), shared by the SPA and the server. */
export const BUNDLE_TEXT = {
  name: 'Please set the name of the bundle.',
  description: "Please describe the bundle so clients understand what they're getting.",
  version: 'Version must be of semver format: 1.0.0',
  categories: 'Please select at least one category.',
  apps: 'At least one App is required to be in the bundle.',
  icon: 'Please add an icon for the bundle.',
  notLatestTitle: 'Required API Version Not Latest',
  notLatestYes: 'Yes!',
  notLatestNo: 'Whoops, no.',
  planExists: (strategy: 'monthly' | 'yearly') => `A ${strategy === 'monthly' ? 'Monthly' : 'Yearly'} Plan Already Exists!`,
  freeTier: 'This tier is free, please ensure this is desired.',
  tierCountTitle: 'Invalid Tier Count',
  tierCount: 'When the pricing plan is per seat there must be at least two tiers.',
  flatPriceTitle: 'Invalid Flat Price',
  flatPrice: 'When the pricing plan is not per seat, the price must be greater than 0.',
  tierOrder: 'Each tier must start at the previous tier’s maximum plus 1.',
  trialDays: 'Trial days must be a whole number from 0 to 30.',
  maxPrice: 'The price can be at most 9999.',
  subscriptionPlans: 'A subscription bundle needs at least one pricing plan.',
  paidNotAllowed: 'Your publisher account cannot sell paid bundles yet: make it free, or ask the marketplace team to allow paid apps.',
  notAvailableTitle: 'Bundle Creation not Available',
  notAvailable: 'Your publisher account cannot create bundles. Contact support to have bundles turned on.',
  invalidBundleTitle: 'Invalid Bundle',
  invalidBundle: 'We failed to present a bundle to you because it was not actually a bundle.',
} as const;

/** SPEC §5: the slug of a bundle's name — lowercased, spaces to dashes, anything but a–z and dash removed, a trailing dash dropped. */
export const bundleSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/ /g, '-')
    .replace(/[^a-z-]/g, '')
    .replace(/-$/, '');

/** SPEC §9 plan drawer defaults. */
export const BUNDLE_PLAN_DEFAULTS = { strategy: 'monthly', trialDays: 14, price: 3, maxPrice: 9999, maxTrialDays: 30, tierMaximum: 100 } as const;

/** SPEC §9 tiers: the first spans 1 to 50; each next starts at the previous maximum plus 1 and spans 100. */
export function nextTier(previous: z.infer<typeof Tier> | undefined): z.infer<typeof Tier> {
  if (!previous) return { price: 0, perUnit: true, minimum: 1, maximum: 50 };
  const minimum = Math.max(previous.maximum, previous.minimum) + 1;
  return { price: 0, perUnit: true, minimum, maximum: minimum + 99 };
}

export const BundlePlanInput = z
  .object({
    strategy: z.enum(['monthly', 'yearly']),
    trialDays: z
      .number({ error: BUNDLE_TEXT.trialDays })
      .int({ error: BUNDLE_TEXT.trialDays })
      .min(0, { error: BUNDLE_TEXT.trialDays })
      .max(BUNDLE_PLAN_DEFAULTS.maxTrialDays, { error: BUNDLE_TEXT.trialDays }),
    price: z.number().min(0).max(BUNDLE_PLAN_DEFAULTS.maxPrice, { error: BUNDLE_TEXT.maxPrice }),
    isPerSeat: z.boolean(),
    tiers: z.array(Tier).max(20),
  })
  .superRefine((plan, ctx) => {
    if (plan.isPerSeat) {
      if (plan.tiers.length < 2) ctx.addIssue({ code: 'custom', path: ['tiers'], message: BUNDLE_TEXT.tierCount });
      plan.tiers.forEach((tier, i) => {
        const previous = plan.tiers[i - 1];
        if (previous && tier.minimum !== previous.maximum + 1) ctx.addIssue({ code: 'custom', path: ['tiers', i, 'minimum'], message: BUNDLE_TEXT.tierOrder });
      });
    } else if (!(plan.price > 0)) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: BUNDLE_TEXT.flatPrice });
    }
  });
export type BundlePlanInput = z.infer<typeof BundlePlanInput>;

const semverText = z
  .string({ error: BUNDLE_TEXT.version })
  .regex(/^\d+\.\d+\.\d+$/, { error: BUNDLE_TEXT.version })
  .max(LIMITS.name);

/** SPEC §5 Bundle form (the `bundleInfo` part); the server adds what needs the database (apps, categories, flags). */
export const BundleInfo = z
  .object({
    name: z.string({ error: BUNDLE_TEXT.name }).trim().min(1, { error: BUNDLE_TEXT.name }).max(LIMITS.name),
    nameSlug: bounded(LIMITS.name).default(''),
    description: z.string({ error: BUNDLE_TEXT.description }).trim().min(1, { error: BUNDLE_TEXT.description }).max(LIMITS.text),
    version: semverText,
    categories: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(LIMITS.name)
          .refine((c) => c !== RESERVED_CATEGORY, { error: `${RESERVED_CATEGORY} is not a category you can choose.` }),
      )
      .min(1, { error: BUNDLE_TEXT.categories })
      .max(20),
    requiredApiVersion: semverText,
    iconFileData: z.string({ error: BUNDLE_TEXT.icon }).min(1, { error: BUNDLE_TEXT.icon }).max(800_000),
    purchaseType: z.enum(['buy', 'subscription']),
    price: z.number().min(0).max(BUNDLE_PLAN_DEFAULTS.maxPrice).default(0),
    pricingPlans: z.array(BundlePlanInput).max(2).default([]),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    b.pricingPlans.forEach((p, i) => {
      if (seen.has(p.strategy)) ctx.addIssue({ code: 'custom', path: ['pricingPlans', i, 'strategy'], message: BUNDLE_TEXT.planExists(p.strategy) });
      seen.add(p.strategy);
    });
    if (b.purchaseType === 'subscription' && b.pricingPlans.length === 0)
      ctx.addIssue({ code: 'custom', path: ['pricingPlans'], message: BUNDLE_TEXT.subscriptionPlans });
  });
export type BundleInfo = z.infer<typeof BundleInfo>;

/** The `appIds` part: the publisher's own apps, at least one. */
export const BundleAppIds = z.array(z.string().min(1).max(LIMITS.id)).min(1, { error: BUNDLE_TEXT.apps }).max(50);

export const BundleUpload = multipartForm({ bundleInfo: z.string(), appIds: z.string() });

export const BundlePlan = z.object({
  id: z.string(),
  strategy: z.enum(['monthly', 'yearly']),
  trialDays: z.number().int(),
  price: z.number(),
  isPerSeat: z.boolean(),
  tiers: z.array(Tier),
});
