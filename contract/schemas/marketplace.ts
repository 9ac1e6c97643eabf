import { z } from 'zod';

/**
 * What Rocket.Chat's server reads from its marketplace, in its own shapes (docs/rocketchat.md "Rocket.Chat's calls to its
 * marketplace"). Read from RocketChat/Rocket.Chat: `apps/meteor/ee/server/apps/marketplace/fetchMarketplaceApps.ts`
 * @ 02f3ee034bd55020fe227b8f79dd02c5ce5e4245 (the zod schema it parses `GET /v1/apps` with),
 * `fetchMarketplaceCategories.ts` (same commit), `packages/core-typings/src/Apps.ts` (`AppOverview`,
 * `AppScreenshot`, `FeaturedAppsSection`) and `packages/apps-engine/src/server/marketplace/IMarketplaceInfo.ts`
 * @ 196e5f6ecf5adc19a0bb270cb90778f2d19ebb1b (the flat object an install stores). Rocket.Chat's schemas accept
 * no `null` anywhere: an optional field is absent, never null. These schemas are the portal's (stricter where
 * the portal knows more: `status` is always 'published'); tests/api/rocketchat-schemas.ts holds Rocket.Chat's.
 */

/** A text as Rocket.Chat shows it: the publisher's Markdown and its HTML, sanitized (it is injected as HTML). */
export const MarkdownText = z.object({ raw: z.string(), rendered: z.string() });

export const MarketplaceAuthor = z.object({ name: z.string(), support: z.string(), homepage: z.string() });

/** An Apps-Engine permission as app.json declares it (apps-engine `IPermission`). */
export const MarketplacePermission = z.object({
  name: z.string(),
  domains: z.array(z.string()).optional(),
  scopes: z.array(z.string()).optional(),
});

/**
 * A workspace's subscription to the app (core-typings `AppSubscriptionInfo` with `externallyManaged`). Always
 * present; without a subscription its strings are empty and `status` is '' (the marketplace screen tests
 * `!subscriptionInfo.status` to offer Subscribe: apps/meteor/client/views/marketplace/helpers.ts).
 */
export const MarketplaceSubscriptionInfo = z.object({
  typeOf: z.enum(['app', 'service', '']),
  status: z.enum(['trialing', 'active', 'cancelled', 'cancelling', 'pastDue', '']),
  statusFromBilling: z.boolean(),
  isSeatBased: z.boolean(),
  seats: z.number(),
  maxSeats: z.number(),
  license: z.object({ license: z.string(), version: z.number(), expireDate: z.string() }),
  startDate: z.string(),
  periodEnd: z.string(),
  endDate: z.string().optional(),
  externallyManaged: z.boolean(),
  isSubscribedViaBundle: z.boolean(),
});
export type MarketplaceSubscriptionInfo = z.infer<typeof MarketplaceSubscriptionInfo>;

export const MarketplacePricingTier = z.object({ perUnit: z.boolean(), minimum: z.number(), maximum: z.number(), price: z.number() });
/** A way to pay for the app: once (a one-time price), or a monthly or yearly plan. */
export const MarketplacePricingPlan = z.object({
  id: z.string(),
  enabled: z.boolean(),
  price: z.number(),
  trialDays: z.number(),
  strategy: z.enum(['once', 'monthly', 'yearly']),
  isPerSeat: z.boolean(),
  tiers: z.array(MarketplacePricingTier).optional(),
});
export type MarketplacePricingPlan = z.infer<typeof MarketplacePricingPlan>;

/** A published bundle the app is in (the screen then asks `GET /v1/bundles/:id/apps` for its apps). */
export const MarketplaceBundleRef = z.object({ bundleId: z.string(), bundleName: z.string(), addonTierId: z.string().optional() });

/** Is set (to true) only when the caller's engine is too old or too new for the version: Rocket.Chat shows "Incompatible" for any value. */
const versionIncompatible = z.literal(true).optional();

/** One published version, as the list's `latest` (core-typings `AppOverview['latest']`). */
export const MarketplaceVersion = z.object({
  internalId: z.string(),
  id: z.string(),
  name: z.string(),
  nameSlug: z.string(),
  version: z.string(),
  categories: z.array(z.string()),
  languages: z.array(z.string()),
  shortDescription: z.string(),
  description: z.string(),
  privacyPolicySummary: z.string(),
  documentationUrl: z.string(),
  detailedDescription: MarkdownText,
  detailedChangelog: MarkdownText,
  requiredApiVersion: z.string(),
  versionIncompatible,
  permissions: z.array(MarketplacePermission).optional(),
  author: MarketplaceAuthor,
  classFile: z.string(),
  iconFile: z.string(),
  /** The icon's bytes in base64, without a `data:` prefix (Rocket.Chat's AppAvatar prepends `data:image/png;base64,`). */
  iconFileData: z.string(),
  status: z.literal('published'),
  isVisible: z.boolean(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  isPurchased: z.boolean(),
  isSubscribed: z.boolean(),
  subscriptionInfo: MarketplaceSubscriptionInfo,
  compileJobId: z.string(),
  compiled: z.boolean(),
  tosLink: z.string(),
  privacyLink: z.string(),
});
export type MarketplaceVersion = z.infer<typeof MarketplaceVersion>;

/** An element of `GET /v1/apps` (and of a featured section, and of a bundle's apps): core-typings `AppOverview`. */
export const MarketplaceApp = z.object({
  appId: z.string(),
  latest: MarketplaceVersion,
  isAddon: z.boolean(),
  isEnterpriseOnly: z.boolean(),
  isBundle: z.boolean(),
  /** Older Rocket.Chat servers' schema (marketplace/schema.ts, suretype) requires it. */
  bundledAppIds: z.array(z.string()),
  bundledIn: z.array(MarketplaceBundleRef),
  isPurchased: z.boolean(),
  isSubscribed: z.boolean(),
  subscriptionInfo: MarketplaceSubscriptionInfo,
  price: z.number(),
  purchaseType: z.enum(['', 'buy', 'subscription']),
  pricingPlans: z.array(MarketplacePricingPlan),
  isUsageBased: z.boolean(),
  createdAt: z.string(),
  modifiedAt: z.string(),
  // App requests (docs/rocketchat.md; fetchMarketplaceApps.ts accepts both as optional): for a registered workspace's
  // call, `appRequestStats` on the apps it has requests of (its "Requested" tab lists those:
  // apps/meteor/client/views/marketplace/hooks/useFilteredApps.ts); with `?endUserID=`, `requestedEndUser` on
  // every app — whether that person asked for it (contract/schemas/app-requests.ts).
  requestedEndUser: z.boolean().optional(),
  appRequestStats: z.object({ appId: z.string(), totalSeen: z.number().int(), totalUnseen: z.number().int() }).optional(),
});
export type MarketplaceApp = z.infer<typeof MarketplaceApp>;

export const FeaturedSections = z.object({
  sections: z.array(z.object({ i18nLabel: z.string(), slug: z.string(), apps: z.array(MarketplaceApp) })),
});

/** A published version in the app's release history (`GET /v1/apps/:id`; Rocket.Chat's AppReleasesItem). */
export const MarketplaceRelease = z.object({ version: z.string(), createdDate: z.string(), detailedChangelog: MarkdownText });

/**
 * One version as Rocket.Chat stores it with an installed app (`marketplaceInfo`, apps-engine
 * `IMarketplaceInfo extends IAppInfo`): flat, the manifest's fields at the top.
 */
export const MarketplaceInfo = z.object({
  id: z.string(),
  internalId: z.string(),
  name: z.string(),
  nameSlug: z.string(),
  version: z.string(),
  description: z.string(),
  shortDescription: z.string(),
  requiredApiVersion: z.string(),
  versionIncompatible,
  author: MarketplaceAuthor,
  classFile: z.string(),
  iconFile: z.string(),
  iconFileData: z.string(),
  implements: z.array(z.string()),
  permissions: z.array(MarketplacePermission).optional(),
  categories: z.array(z.string()),
  languages: z.array(z.string()),
  detailedDescription: MarkdownText,
  detailedChangelog: MarkdownText,
  privacyPolicySummary: z.string(),
  documentationUrl: z.string(),
  status: z.literal('published'),
  isVisible: z.boolean(),
  isPurchased: z.boolean(),
  isSubscribed: z.boolean(),
  isBundled: z.boolean(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  price: z.number(),
  subscriptionInfo: MarketplaceSubscriptionInfo,
  purchaseType: z.enum(['buy', 'subscription']),
  pricingPlans: z.array(MarketplacePricingPlan),
  bundledIn: z.array(MarketplaceBundleRef),
  isEnterpriseOnly: z.boolean(),
  tosLink: z.string(),
  privacyLink: z.string(),
});
export type MarketplaceInfo = z.infer<typeof MarketplaceInfo>;

/**
 * core-typings `AppScreenshot`; the addresses are absolute (the browser loads them from Rocket.Chat's pages). In the
 * order the publisher put them. `caption` is the portal's, beyond `AppScreenshot`: Rocket.Chat's schema takes fields
 * it does not name (tests/api/rocketchat-schemas.ts) and its screen shows none.
 */
export const MarketplaceScreenshot = z.object({
  id: z.string(),
  appId: z.string(),
  fileName: z.string(),
  accessUrl: z.string(),
  thumbnailUrl: z.string(),
  createdAt: z.string(),
  modifiedAt: z.string(),
  caption: z.string(),
});

/** The headers Rocket.Chat sends (getMarketplaceHeaders.ts): its Apps-Engine version, without a pre-release suffix. */
export const MarketplaceHeaders = z.object({
  'x-apps-engine-version': z
    .string()
    .optional()
    .describe('The caller’s Apps-Engine version (e.g. 1.47.0): versions it cannot run are marked versionIncompatible. Not a version: 400 with code 200.'),
});

/** `?appVersion=`: a version of the app (Rocket.Chat's screen also sends the app's id here; anything not a version is ignored where it may be). */
export const AppVersionQuery = z.object({ appVersion: z.string().max(256).optional() });
/** `?endUserID=`: sent for non-admin users (app requests): with a workspace's token, each app says whether that person asked for it. */
export const AppsQuery = z.object({ endUserID: z.string().max(256).optional() });
