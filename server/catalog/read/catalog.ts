import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import semver from 'semver';
import type {
  MarketplaceApp,
  MarketplaceInfo,
  MarketplacePricingPlan,
  MarketplaceSubscriptionInfo,
  MarketplaceVersion,
} from '../../../contract/schemas/marketplace';
import type { Db } from '../../db/client';
import { appVersions, apps, bundleApps, featuredApps, prices, publishers, purchaseRecords, screenshots } from '../../db/schema';
import { licenseOf, type LicenseSigner } from '../../commerce/license';
import { entitles } from '../../../machines/entitlement';
import { appPlanId } from '../../commerce/holdings';
import { screenshotOrder, screenshotUrl } from '../../apps/screenshots';
import { plainHtml } from '../markdown/markdown';

/**
 * The catalog Rocket.Chat servers read (contract/marketplace.ts), from the portal's rows:
 * - **published**: a version whose lifecycle status is `published` (machines/app-version-lifecycle.ts: staff or
 *   the publisher publish an approved version, and may unpublish it; server/catalog/read/featured.ts reads "published"
 *   the same way). An app is listed while it has one; its versions offered are its published ones, newest
 *   (created) first. A rejected, unpublished or never-published version is never shown.
 * - **visible**: an app, not a bundle — a bundle has no package a workspace could install; its published apps
 *   name it in `bundledIn` and `GET /v1/bundles/:id/apps` lists them. Every listed app is `isVisible: true`.
 * - **its price** as the portal shows it everywhere (server/apps/read/apps.ts): `purchaseType` buy (a free app is
 *   one bought for 0) or subscription, `price`; `pricingPlans` from the active price (server/commerce/sales/
 *   plans.ts): its monthly and yearly plans, or `once` for a one-time price above 0.
 */

export type CatalogVersion = {
  internalId: string;
  version: string;
  name: string;
  nameSlug: string;
  shortDescription: string;
  description: string;
  categories: string[];
  languages: string[];
  /** Base64, without the data URL's prefix (what Rocket.Chat renders); the 64×64 thumbnail in lists. */
  iconFileData: string;
  author: { name: string; support?: string; homepage?: string };
  requiredApiVersion: string;
  changesNote: string;
  /**
   * The description and change log as HTML, rendered when they were saved (catalog/markdown/markdown-texts.ts); null for a
   * row older than that (rendered at start, in the background), until then shown as plain text (`textsOf`).
   */
  descriptionHtml: string | null;
  changesNoteHtml: string | null;
  privacyPolicySummary: string;
  documentationUrl: string;
  compileJobId: string;
  compiled: boolean;
  classFile: string;
  iconFile: string;
  implements: string[];
  permissions: { name: string; domains?: string[]; scopes?: string[] }[] | undefined;
  createdDate: string;
  modifiedDate: string;
};

export type CatalogApp = {
  appId: string;
  isEnterpriseOnly: boolean;
  isUsageBased: boolean;
  purchaseType: 'buy' | 'subscription';
  price: number;
  createdAt: string;
  modifiedAt: string;
  tosLink: string;
  privacyLink: string;
  pricingPlans: MarketplacePricingPlan[];
  bundledIn: { bundleId: string; bundleName: string }[];
  /** Published versions, newest first (never empty). */
  versions: CatalogVersion[];
};

export type Catalog = {
  /** Listed apps, by the name of their newest published version. */
  apps: CatalogApp[];
  byId: Map<string, CatalogApp>;
  /** Published bundles: their name and the ids of their apps. */
  bundles: Map<string, { name: string; appIds: string[] }>;
  /** How many of its versions have a text whose HTML is not rendered yet (shown as plain text meanwhile). */
  unrendered: number;
  /** The apps left out because their rows could not be read into an element (each logged by the caller). */
  failed: { appId: string; error: unknown }[];
};

/** Which icon a load carries: the list's thumbnail, the full icon (one app's calls), or none (its release history). */
export type IconSize = 'thumbnail' | 'full' | 'none';

/** A data URL's base64 part (Rocket.Chat's AppAvatar prepends `data:image/png;base64,` itself; browsers sniff the real type). */
export const iconBase64 = (dataUrl: string) => /^data:[^,]*;base64,(.*)$/s.exec(dataUrl)?.[1] ?? '';

const strings = (v: unknown): string[] | undefined => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : undefined);
/** app.json's permissions as Rocket.Chat's schema takes them: a name, and domains or scopes where given; none when app.json has none. */
function permissionsOf(v: unknown): CatalogVersion['permissions'] {
  if (!Array.isArray(v)) return undefined;
  return v
    .filter((p): p is Record<string, unknown> => !!p && typeof p === 'object' && typeof (p as { name?: unknown }).name === 'string')
    .map((p) => {
      const domains = strings(p.domains);
      const scopes = strings(p.scopes);
      return { name: p.name as string, ...(domains ? { domains } : {}), ...(scopes ? { scopes } : {}) };
    });
}

/**
 * The listed apps (or one of them, `appId`) with their published versions, prices and published bundles:
 * four queries, whatever the number of apps.
 */
export async function loadCatalog(db: Db, opts: { appId?: string; icon?: IconSize } = {}): Promise<Catalog> {
  const icon = opts.icon ?? 'thumbnail';
  const one = opts.appId;
  const published = eq(appVersions.status, 'published');
  const iconColumn =
    icon === 'full'
      ? appVersions.iconFileData
      : icon === 'thumbnail'
        ? sql<string>`CASE WHEN ${appVersions.iconThumbData} <> '' THEN ${appVersions.iconThumbData} ELSE ${appVersions.iconFileData} END`
        : sql<string>`''`;
  // Apps that have a published version, and bundles that have one (their ids, for the prices' and the bundles' queries).
  const listedIds = db.select({ id: appVersions.appId }).from(appVersions).where(published);
  const [rows, activePrices, bundleNames, memberships] = await Promise.all([
    db
      .select({
        appId: appVersions.appId,
        internalId: appVersions.internalId,
        version: appVersions.version,
        name: appVersions.name,
        nameSlug: appVersions.nameSlug,
        shortDescription: appVersions.shortDescription,
        description: appVersions.description,
        categories: appVersions.categories,
        languages: appVersions.languages,
        icon: iconColumn,
        author: appVersions.author,
        requiredApiVersion: appVersions.requiredApiVersion,
        changesNote: appVersions.changesNote,
        descriptionHtml: appVersions.descriptionHtml,
        changesNoteHtml: appVersions.changesNoteHtml,
        privacyPolicySummary: appVersions.privacyPolicySummary,
        documentationUrl: appVersions.documentationUrl,
        compileJobId: appVersions.compileJobId,
        compiled: appVersions.compiled,
        createdDate: appVersions.createdDate,
        modifiedDate: appVersions.modifiedDate,
        classFile: sql<string | null>`${appVersions.manifest}->>'classFile'`,
        iconFile: sql<string | null>`${appVersions.manifest}->>'iconFile'`,
        permissions: sql<unknown>`${appVersions.manifest}->'permissions'`,
        implements: sql<unknown>`${appVersions.manifest}->'implements'`,
        app: {
          isEnterpriseOnly: apps.isEnterpriseOnly,
          isUsageBased: apps.isUsageBased,
          purchaseType: apps.purchaseType,
          price: apps.price,
          createdAt: apps.createdAt,
          modifiedAt: apps.modifiedAt,
        },
        tosLink: publishers.tosLink,
        privacyLink: publishers.privacyLink,
      })
      .from(appVersions)
      .innerJoin(apps, eq(apps.id, appVersions.appId))
      .innerJoin(publishers, eq(publishers.id, apps.publisherId))
      .where(and(published, eq(apps.isBundle, false), one ? eq(appVersions.appId, one) : undefined))
      .orderBy(asc(appVersions.appId), desc(appVersions.createdDate), desc(appVersions.internalId)),
    db
      .select()
      .from(prices)
      .where(and(eq(prices.active, true), one ? eq(prices.appId, one) : inArray(prices.appId, listedIds))),
    // Each published bundle's name: its newest published version's.
    db
      .selectDistinctOn([appVersions.appId], { bundleId: appVersions.appId, name: appVersions.name })
      .from(appVersions)
      .innerJoin(apps, eq(apps.id, appVersions.appId))
      .where(and(published, eq(apps.isBundle, true)))
      .orderBy(appVersions.appId, desc(appVersions.createdDate)),
    db
      .select({ bundleId: bundleApps.bundleId, appId: bundleApps.appId })
      .from(bundleApps)
      .where(and(inArray(bundleApps.bundleId, listedIds), one ? eq(bundleApps.appId, one) : undefined))
      .orderBy(asc(bundleApps.bundleId), asc(bundleApps.appId)),
  ]);
  const bundles = new Map<string, { name: string; appIds: string[] }>();
  for (const b of bundleNames) bundles.set(b.bundleId, { name: b.name, appIds: [] });
  const bundledIn = new Map<string, { bundleId: string; bundleName: string }[]>();
  for (const m of memberships) {
    const bundle = bundles.get(m.bundleId);
    if (!bundle) continue;
    bundle.appIds.push(m.appId);
    bundledIn.set(m.appId, [...(bundledIn.get(m.appId) ?? []), { bundleId: m.bundleId, bundleName: bundle.name }]);
  }
  const priceOf = new Map(activePrices.map((p) => [p.appId, p]));
  const byId = new Map<string, CatalogApp>();
  // One app's rows that cannot be read into its element (a row written behind the portal's back) leave that app
  // out of the catalog, never the others: each app is read on its own.
  const failed = new Map<string, unknown>();
  let unrendered = 0;
  for (const r of rows) {
    if (failed.has(r.appId)) continue;
    try {
      let app = byId.get(r.appId);
      if (!app) {
        const price = priceOf.get(r.appId);
        app = {
          appId: r.appId,
          isEnterpriseOnly: r.app.isEnterpriseOnly,
          isUsageBased: r.app.isUsageBased,
          purchaseType: r.app.purchaseType,
          price: r.app.price,
          createdAt: r.app.createdAt.toISOString(),
          modifiedAt: r.app.modifiedAt.toISOString(),
          tosLink: r.tosLink,
          privacyLink: r.privacyLink,
          pricingPlans: pricingPlansOf(r.app, price),
          bundledIn: bundledIn.get(r.appId) ?? [],
          versions: [],
        };
      }
      const version: CatalogVersion = {
        internalId: r.internalId,
        version: r.version,
        name: r.name,
        nameSlug: r.nameSlug,
        shortDescription: r.shortDescription,
        description: r.description,
        categories: r.categories,
        languages: r.languages,
        iconFileData: iconBase64(r.icon),
        author: r.author,
        requiredApiVersion: r.requiredApiVersion,
        changesNote: r.changesNote,
        descriptionHtml: r.descriptionHtml,
        changesNoteHtml: r.changesNoteHtml,
        privacyPolicySummary: r.privacyPolicySummary,
        documentationUrl: r.documentationUrl,
        compileJobId: r.compileJobId,
        compiled: r.compiled,
        classFile: r.classFile ?? '',
        iconFile: r.iconFile ?? '',
        implements: strings(r.implements) ?? [],
        permissions: permissionsOf(r.permissions),
        createdDate: r.createdDate.toISOString(),
        modifiedDate: r.modifiedDate.toISOString(),
      };
      // Every element made once now (a version that cannot be shown fails here, its app alone).
      toInfo(app, version, false, baseState(app));
      app.versions.push(version);
      byId.set(r.appId, app);
      if (r.descriptionHtml === null || r.changesNoteHtml === null) unrendered++;
    } catch (error) {
      failed.set(r.appId, error);
      byId.delete(r.appId);
    }
  }
  const list = [...byId.values()].sort((a, b) => a.versions[0]!.name.localeCompare(b.versions[0]!.name, 'en') || a.appId.localeCompare(b.appId));
  return { apps: list, byId, bundles, unrendered, failed: [...failed].map(([appId, error]) => ({ appId, error })) };
}

/** The app's ways to pay, from its active price: a subscription's enabled monthly and yearly plans, or `once` for a one-time price. */
function pricingPlansOf(app: { purchaseType: 'buy' | 'subscription'; price: number }, price: typeof prices.$inferSelect | undefined): MarketplacePricingPlan[] {
  if (!price) return [];
  if (price.type === 'subscription') {
    return (['monthly', 'yearly'] as const)
      .filter((s) => price[s].enabled)
      .map((s) => ({
        id: appPlanId(price.id, s),
        enabled: true,
        price: price[s].price,
        trialDays: price.trialEnabled ? price.trialDuration : 0,
        strategy: s,
        isPerSeat: price[s].isSeatBased,
        ...(price[s].tiers.length
          ? { tiers: price[s].tiers.map((t) => ({ perUnit: t.perUnit, minimum: t.minimum, maximum: t.maximum, price: t.price })) }
          : {}),
      }));
  }
  return app.purchaseType === 'buy' && app.price > 0
    ? [{ id: `${price.id}:once`, enabled: true, price: app.price, trialDays: 0, strategy: 'once', isPerSeat: false }]
    : [];
}

// ——— The caller's engine ———

/** Whether an engine of `engine`'s version runs a version that requires `range` (as apps-engine checks it: semver.satisfies; not a range: no). */
export const runsOn = (engine: string, range: string) => semver.satisfies(engine, range, { includePrerelease: true });

/**
 * The version offered to a caller: the newest published one its engine runs; when it runs none, the newest,
 * marked incompatible (Rocket.Chat shows it as "Incompatible" and opens its incompatible-version page
 * instead of installing). No engine named: the newest, unmarked.
 */
export function offered(app: CatalogApp, engine: string | null): { version: CatalogVersion; incompatible: boolean } {
  if (!engine) return { version: app.versions[0]!, incompatible: false };
  const runs = app.versions.find((v) => runsOn(engine, v.requiredApiVersion));
  return runs ? { version: runs, incompatible: false } : { version: app.versions[0]!, incompatible: true };
}

// ——— A workspace's purchases ———

export type PurchaseState = { isPurchased: boolean; isSubscribed: boolean; subscriptionInfo: MarketplaceSubscriptionInfo };

/** No subscription: Rocket.Chat's schema takes '' for its type and status (and offers Subscribe when the status is empty). */
export const NO_SUBSCRIPTION: MarketplaceSubscriptionInfo = Object.freeze({
  typeOf: '',
  status: '',
  statusFromBilling: false,
  isSeatBased: false,
  seats: 0,
  maxSeats: 0,
  license: Object.freeze({ license: '', version: 0, expireDate: '' }),
  startDate: '',
  periodEnd: '',
  externallyManaged: false,
  isSubscribedViaBundle: false,
}) as MarketplaceSubscriptionInfo;

/**
 * The state every caller sees before its own purchases: a free app is everyone's to install (so Rocket.Chat
 * installs it at once instead of opening the marketplace's buy page: useAppInstallationHandler.tsx opens it
 * for an action 'purchase' that is not purchased); anything paid is nobody's.
 */
export const baseState = (app: CatalogApp): PurchaseState => ({
  isPurchased: app.purchaseType === 'buy' && app.price === 0,
  isSubscribed: false,
  subscriptionInfo: NO_SUBSCRIPTION,
});

type RecordRow = typeof purchaseRecords.$inferSelect & { target: string };

/**
 * What one workspace bought, per app (its own purchase records, and its bundle subscriptions for the bundles'
 * apps): bought once, or subscribed (active, trialing or cancelling) is purchased; the subscription shown is
 * the one that bills, else its latest. One indexed query; nothing of another workspace.
 */
export async function purchasesOf(db: Db, workspaceId: string, signer: LicenseSigner): Promise<Map<string, PurchaseState>> {
  const rows = (await db
    .select({ record: purchaseRecords, member: bundleApps.appId })
    .from(purchaseRecords)
    .leftJoin(bundleApps, eq(bundleApps.bundleId, purchaseRecords.appId))
    .where(eq(purchaseRecords.workspaceId, workspaceId))
    .orderBy(desc(purchaseRecords.date), desc(purchaseRecords.id))) as { record: typeof purchaseRecords.$inferSelect; member: string | null }[];
  const byApp = new Map<string, RecordRow[]>();
  for (const { record, member } of rows) {
    // A bundle's record counts for each of its apps; the bundle itself is not listed.
    const target = member ?? record.appId;
    byApp.set(target, [...(byApp.get(target) ?? []), { ...record, target }]);
  }
  const states = new Map<string, PurchaseState>();
  for (const [appId, records] of byApp) {
    // What still entitles (machines/entitlement.ts): a refunded purchase no longer does.
    const bought = records.some((r) => r.purchaseType === 'buy' && entitles(r));
    const active = records.find((r) => r.purchaseType === 'subscription' && entitles(r));
    const subscription = active ?? records.find((r) => r.purchaseType === 'subscription' && r.subscriptionStatus);
    states.set(appId, {
      isPurchased: bought || !!active,
      isSubscribed: !!active,
      subscriptionInfo: subscription ? subscriptionInfoOf(subscription, appId, signer) : NO_SUBSCRIPTION,
    });
  }
  return states;
}

/**
 * A subscription record as Rocket.Chat reads it, with its version-1 licence signed with the portal's key
 * (commerce/licenses/license.ts), which Apps-Engine checks with the public key the workspace was given at
 * registration (its `Cloud_Workspace_PublicKey`): valid through the period (and a grace) while it runs,
 * ended when it was cancelled or refunded.
 */
function subscriptionInfoOf(r: RecordRow, appId: string, signer: LicenseSigner): MarketplaceSubscriptionInfo {
  const periodEnd = (r.periodEnd ?? r.date).toISOString();
  const license = licenseOf({
    id: r.id,
    appId: r.appId,
    isBundle: r.appId !== appId,
    status: r.refundedAt ? 'cancelled' : (r.subscriptionStatus ?? 'cancelled'),
    periodEnd: r.periodEnd ?? r.date,
    endedAt: r.refundedAt ?? r.endedAt,
    isSeatBased: r.isSeatBased,
    seats: r.seats,
    maxSeats: r.maxSeats,
  });
  return {
    typeOf: 'app',
    status: r.subscriptionStatus ?? '',
    statusFromBilling: !r.externallyManaged,
    isSeatBased: r.isSeatBased,
    seats: r.seats,
    maxSeats: r.maxSeats,
    license: { license: signer.sign(license), version: 1, expireDate: license.expireDate },
    startDate: r.date.toISOString(),
    periodEnd,
    ...(r.endedAt ? { endDate: r.endedAt.toISOString() } : {}),
    externallyManaged: r.externallyManaged,
    isSubscribedViaBundle: r.appId !== appId,
  };
}

// ——— The shapes ———

/**
 * A version's texts as Rocket.Chat shows them: the Markdown and the HTML rendered when it was saved (the catalog
 * never renders); a version whose HTML is not rendered yet shows its text as it is (escaped, no Markdown).
 */
export const textsOf = (v: CatalogVersion) => ({
  description: { raw: v.description, rendered: v.descriptionHtml ?? plainHtml(v.description) },
  changelog: { raw: v.changesNote, rendered: v.changesNoteHtml ?? plainHtml(v.changesNote) },
});

const authorOf = (v: CatalogVersion) => ({ name: v.author.name, support: v.author.support ?? '', homepage: v.author.homepage ?? '' });

/** One version as the list's `latest`. */
export function toLatest(app: CatalogApp, v: CatalogVersion, incompatible: boolean, state: PurchaseState): MarketplaceVersion {
  const texts = textsOf(v);
  return {
    internalId: v.internalId,
    id: app.appId,
    name: v.name,
    nameSlug: v.nameSlug,
    version: v.version,
    categories: v.categories,
    languages: v.languages,
    shortDescription: v.shortDescription,
    description: v.description,
    privacyPolicySummary: v.privacyPolicySummary,
    documentationUrl: v.documentationUrl,
    detailedDescription: texts.description,
    detailedChangelog: texts.changelog,
    requiredApiVersion: v.requiredApiVersion,
    ...(incompatible ? { versionIncompatible: true as const } : {}),
    ...(v.permissions ? { permissions: v.permissions } : {}),
    author: authorOf(v),
    classFile: v.classFile,
    iconFile: v.iconFile,
    iconFileData: v.iconFileData,
    status: 'published',
    isVisible: true,
    createdDate: v.createdDate,
    modifiedDate: v.modifiedDate,
    isPurchased: state.isPurchased,
    isSubscribed: state.isSubscribed,
    subscriptionInfo: state.subscriptionInfo,
    compileJobId: v.compileJobId,
    compiled: v.compiled,
    tosLink: app.tosLink,
    privacyLink: app.privacyLink,
  };
}

/** An element of `GET /v1/apps` (core-typings AppOverview). */
export function toOverview(app: CatalogApp, v: CatalogVersion, incompatible: boolean, state: PurchaseState): MarketplaceApp {
  return {
    appId: app.appId,
    latest: toLatest(app, v, incompatible, state),
    isAddon: false,
    isEnterpriseOnly: app.isEnterpriseOnly,
    isBundle: false,
    bundledAppIds: [],
    bundledIn: app.bundledIn,
    isPurchased: state.isPurchased,
    isSubscribed: state.isSubscribed,
    subscriptionInfo: state.subscriptionInfo,
    price: app.price,
    purchaseType: app.purchaseType,
    pricingPlans: app.pricingPlans,
    isUsageBased: app.isUsageBased,
    createdAt: app.createdAt,
    modifiedAt: app.modifiedAt,
  };
}

/** One version as an install stores it (apps-engine IMarketplaceInfo: flat). */
export function toInfo(app: CatalogApp, v: CatalogVersion, incompatible: boolean, state: PurchaseState): MarketplaceInfo {
  const texts = textsOf(v);
  return {
    id: app.appId,
    internalId: v.internalId,
    name: v.name,
    nameSlug: v.nameSlug,
    version: v.version,
    description: v.description,
    shortDescription: v.shortDescription,
    requiredApiVersion: v.requiredApiVersion,
    ...(incompatible ? { versionIncompatible: true as const } : {}),
    author: authorOf(v),
    classFile: v.classFile,
    iconFile: v.iconFile,
    iconFileData: v.iconFileData,
    implements: v.implements,
    ...(v.permissions ? { permissions: v.permissions } : {}),
    categories: v.categories,
    languages: v.languages,
    detailedDescription: texts.description,
    detailedChangelog: texts.changelog,
    privacyPolicySummary: v.privacyPolicySummary,
    documentationUrl: v.documentationUrl,
    status: 'published',
    isVisible: true,
    isPurchased: state.isPurchased,
    isSubscribed: state.isSubscribed,
    isBundled: app.bundledIn.length > 0,
    createdDate: v.createdDate,
    modifiedDate: v.modifiedDate,
    price: app.price,
    subscriptionInfo: state.subscriptionInfo,
    purchaseType: app.purchaseType,
    pricingPlans: app.pricingPlans,
    bundledIn: app.bundledIn,
    isEnterpriseOnly: app.isEnterpriseOnly,
    tosLink: app.tosLink,
    privacyLink: app.privacyLink,
  };
}

/** The app's release history: its published versions, newest first. */
export const releasesOf = (app: CatalogApp) =>
  app.versions.map((v) => ({ version: v.version, createdDate: v.createdDate, detailedChangelog: textsOf(v).changelog }));

// ——— Featured sections and screenshots ———

/** Labels for the sections' slugs (contract/schemas/catalog.ts featuredSlugs); Rocket.Chat shows an i18nLabel it has no translation for as it is. */
const SECTION_LABELS: Record<string, string> = {
  community_featured: 'Community featured',
  community_supported: 'Community supported',
  enterprise: 'Enterprise',
  featured: 'Featured',
  most_popular: 'Most popular',
  new_arrivals: 'New arrivals',
  popular_this_month: 'Popular this month',
  recommended: 'Recommended',
  social: 'Social',
  trending: 'Trending',
  omnichannel: 'Omnichannel',
  video_conferencing: 'Video conferencing',
};
export const sectionLabel = (slug: string) => SECTION_LABELS[slug] ?? slug.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** The featured sections staff curate, in the order of server/catalog/read/featured.ts: by slug, each in the order its apps were featured. */
export async function featuredRows(db: Db) {
  const rows = await db
    .select({ slug: featuredApps.sectionSlug, appId: featuredApps.appId })
    .from(featuredApps)
    .orderBy(asc(featuredApps.sectionSlug), asc(featuredApps.createdAt), asc(featuredApps.appId));
  const sections = new Map<string, string[]>();
  for (const r of rows) sections.set(r.slug, [...(sections.get(r.slug) ?? []), r.appId]);
  return sections;
}

/** The screenshots of a version in the order its publisher put them, at absolute addresses on `origin`, with their captions. */
export async function screenshotsOf(db: Db, internalId: string, origin: string) {
  const rows = await db
    .select()
    .from(screenshots)
    .where(eq(screenshots.internalId, internalId))
    .orderBy(...screenshotOrder);
  return rows.map((s) => {
    const url = `${origin}${screenshotUrl(s)}`;
    return {
      id: s.id,
      appId: s.appId,
      fileName: s.fileName,
      accessUrl: url,
      thumbnailUrl: url,
      createdAt: s.createdAt.toISOString(),
      modifiedAt: s.createdAt.toISOString(),
      caption: s.caption,
    };
  });
}
