// What a Rocket.Chat server accepts from its marketplace: its own schemas, copied (the tests parse the portal's
// answers with them; the portal's contract, contract/schemas/marketplace.ts, must describe the same). Source:
// the repository RocketChat/Rocket.Chat. Where Rocket.Chat checks an answer with no schema, one is written here
// from the code that reads it (named beside it). Rocket.Chat's schemas are zod 3; the calls used here mean the
// same in zod 4. Nothing in them is nullable: a `null` anywhere fails.
import { z } from 'zod';

// ——— apps/meteor/ee/server/apps/marketplace/fetchMarketplaceApps.ts @ 02f3ee034bd55020fe227b8f79dd02c5ce5e4245 (exact copy) ———

const markdownObject = z.object({
  raw: z.string().optional(),
  rendered: z.string().optional(),
});

export const fetchMarketplaceAppsSchema = z.array(
  z.object({
    appId: z.string(),
    latest: z.object({
      internalId: z.string(),
      id: z.string(),
      name: z.string(),
      nameSlug: z.string(),
      version: z.string(),
      categories: z.array(z.string()),
      languages: z.array(z.string()).optional(),
      shortDescription: z.string().optional(),
      description: z.string(),
      privacyPolicySummary: z.string().optional(),
      documentationUrl: z.string().optional(),
      detailedDescription: markdownObject,
      detailedChangelog: markdownObject,
      requiredApiVersion: z.string(),
      versionIncompatible: z.boolean().optional(),
      permissions: z
        .array(
          z.object({
            name: z.string(),
            domains: z.array(z.string()).optional(),
            scopes: z.array(z.string()).optional(),
          }),
        )
        .optional(),
      addon: z.string().optional(),
      author: z.object({
        name: z.string(),
        support: z.string(),
        homepage: z.string(),
      }),
      classFile: z.string(),
      iconFile: z.string(),
      iconFileData: z.string(),
      status: z.enum(['submitted', 'author-rejected', 'author-approved', 'rejected', 'approved', 'published']),
      reviewedNote: z.string().optional(),
      rejectionNote: z.string().optional(),
      changesNote: z.string().optional(),
      internalChangesNote: z.string().optional(),
      isVisible: z.boolean(),
      createdDate: z.string(),
      modifiedDate: z.string(),
    }),
    isAddon: z.boolean(),
    addonId: z.string().optional(),
    isEnterpriseOnly: z.boolean(),
    isBundle: z.boolean(),
    bundledAppsIn: z.array(z.string()).optional(),
    bundledIn: z.array(
      z.object({
        bundleId: z.string(),
        bundleName: z.string(),
        addonTierId: z.string().optional(),
      }),
    ),
    isPurchased: z.boolean(),
    isSubscribed: z.boolean(),
    subscriptionInfo: z
      .object({
        typeOf: z.enum(['app', 'service', '']),
        status: z.enum(['trialing', 'active', 'cancelled', 'cancelling', 'pastDue', '']),
        statusFromBilling: z.boolean(),
        isSeatBased: z.boolean(),
        seats: z.number(),
        maxSeats: z.number(),
        license: z.object({
          license: z.string(),
          version: z.number(),
          expireDate: z.string(),
        }),
        startDate: z.string(),
        periodEnd: z.string(),
        endDate: z.string().optional(),
        externallyManaged: z.boolean(),
        isSubscribedViaBundle: z.boolean(),
      })
      .optional(),
    price: z.number(),
    purchaseType: z.enum(['', 'buy', 'subscription']),
    pricingPlans: z
      .array(
        z.object({
          id: z.string(),
          enabled: z.boolean(),
          price: z.number(),
          trialDays: z.number(),
          strategy: z.enum(['once', 'monthly', 'yearly']),
          isPerSeat: z.boolean(),
          tiers: z
            .array(
              z.object({
                perUnit: z.boolean(),
                minimum: z.number(),
                maximum: z.number(),
                price: z.number(),
                refId: z.string().optional(),
              }),
            )
            .optional(),
        }),
      )
      .optional(),
    isUsageBased: z.boolean().optional(),
    requestedEndUser: z.boolean().optional(),
    requested: z.boolean().optional(),
    appRequestStats: z.object({}).optional(),
    createdAt: z.string(),
    modifiedAt: z.string(),
  }),
);

// ——— apps/meteor/ee/server/apps/marketplace/fetchMarketplaceCategories.ts @ 02f3ee034bd55020fe227b8f79dd02c5ce5e4245 (exact copy) ———

export const fetchMarketplaceCategoriesSchema = z.array(
  z.object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    hidden: z.boolean(),
    createdDate: z.string(),
    modifiedDate: z.string(),
  }),
);

// ——— Written from the code that reads the answer ———

const appOverview = fetchMarketplaceAppsSchema.element;

/**
 * `GET /v1/featured-apps`: `{sections: [{i18nLabel, slug, apps}]}` — the older fetchMarketplaceFeaturedApps.ts
 * @ 081f4ae3179e530fb003f81267c39907bdae56b9 (suretype: every field required), each app an element of the list
 * (core-typings `FeaturedAppsSection`); the client matches them to the list by `latest.id`.
 */
export const featuredAppsSchema = z.object({
  sections: z.array(z.object({ i18nLabel: z.string(), slug: z.string(), apps: z.array(appOverview) })),
});

/**
 * `GET /v1/apps/:id` (release history): an array (`{apps: result}`, communication/rest.ts); each element's
 * `version`, `createdDate` and `detailedChangelog.rendered` are read (client/views/marketplace/AppDetailsPage/
 * tabs/AppReleases/AppReleasesItem.tsx @ 10453f536c2a0972e48dc5774c6326a81d1681c9).
 */
export const appReleasesSchema = z.array(
  z.object({ version: z.string(), createdDate: z.string(), detailedChangelog: z.object({ raw: z.string().optional(), rendered: z.string() }) }),
);

const author = z.object({ name: z.string(), support: z.string(), homepage: z.string().optional() });
const pricingPlan = appOverview.shape.pricingPlans.unwrap().element;
const subscriptionInfo = appOverview.shape.subscriptionInfo.unwrap();

/**
 * `IMarketplaceInfo` (packages/apps-engine/src/server/marketplace/IMarketplaceInfo.ts @
 * 196e5f6ecf5adc19a0bb270cb90778f2d19ebb1b, extending IAppInfo): what an install stores from
 * `GET /v1/apps/:id?appVersion=X`, which must be an array of exactly one (the install route of
 * communication/rest.ts refuses anything else with "Invalid response from the Marketplace").
 */
export const marketplaceInfoSchema = z.object({
  // IAppInfo
  id: z.string(),
  name: z.string(),
  nameSlug: z.string(),
  version: z.string(),
  description: z.string(),
  requiredApiVersion: z.string(),
  author,
  classFile: z.string(),
  iconFile: z.string(),
  implements: z.array(z.string()),
  permissions: z.array(z.object({ name: z.string() })).optional(),
  // IMarketplaceInfo
  categories: z.array(z.string()),
  status: z.string(),
  reviewedNote: z.string().optional(),
  rejectionNote: z.string().optional(),
  isVisible: z.boolean(),
  isPurchased: z.boolean(),
  isSubscribed: z.boolean(),
  isBundled: z.boolean(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  price: z.number(),
  subscriptionInfo: subscriptionInfo.optional(),
  purchaseType: z.enum(['buy', 'subscription']),
  pricingPlans: z.array(pricingPlan).optional(),
  bundledIn: z.array(z.object({ bundleId: z.string(), bundleName: z.string() })).optional(),
  isEnterpriseOnly: z.boolean().optional(),
});
export const appVersionInfoSchema = z.array(marketplaceInfoSchema).length(1);

/**
 * `GET /v1/apps/:id/latest`: one object (`{app: result}`); client/views/marketplace/hooks/useAppInfo.ts
 * @ 040c15abffb78588f07d44c579ee66b7573a1221 reads `tosLink`, `privacyLink` and `bundledIn`, and the update
 * check compares `version` and reads `isPurchased` and `price`.
 */
export const latestAppSchema = marketplaceInfoSchema.extend({
  tosLink: z.string(),
  privacyLink: z.string(),
  bundledIn: z.array(z.object({ bundleId: z.string(), bundleName: z.string() })),
});

/** core-typings `AppScreenshot` (packages/core-typings/src/Apps.ts): all strings. */
export const screenshotsSchema = z.array(
  z.object({
    id: z.string(),
    appId: z.string(),
    fileName: z.string(),
    accessUrl: z.string(),
    thumbnailUrl: z.string(),
    createdAt: z.string(),
    modifiedAt: z.string(),
  }),
);

/**
 * `GET /v1/bundles/:id/apps`: an array (`{apps: result}`); the app page shows each one's `latest.name` and
 * `latest.iconFileData` (AppDetails' bundle chips): elements of the list.
 */
export const bundleAppsSchema = z.array(appOverview);

/** Nothing Rocket.Chat reads may be `null` (none of its schemas is nullable): the paths of any nulls in a value. */
export function nullsIn(value: unknown, path = '$'): string[] {
  if (value === null) return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => nullsIn(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => nullsIn(v, `${path}.${k}`));
  return [];
}
