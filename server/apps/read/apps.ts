import { appPlanId } from '../../commerce/holdings';
import { cannotSell, payoutAccountColumn } from '../../commerce/sellable';
import { and, count, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { App, AppVersion } from '../../../contract/schemas/app';
import type { Db } from '../../db/client';
import { appDayStart, fromDay, newestFirst, pageFromBothEnds, readPlan, storedTotal } from '../../kernel/paging';
import { appVersions, apps, bundleApps, bundlePlans, prices, publishers } from '../../db/schema';

type VersionRow = typeof appVersions.$inferSelect;

export const toVersion = (v: Omit<VersionRow, 'manifest'>, isBundle: boolean, icon: 'full' | 'thumbnail' = 'full'): AppVersion => ({
  id: v.internalId,
  internalId: v.internalId,
  name: v.name,
  version: v.version,
  status: v.status as AppVersion['status'],
  shortDescription: v.shortDescription,
  description: v.description,
  categories: v.categories,
  languages: v.languages,
  iconFileData: icon === 'full' ? v.iconFileData : '',
  iconThumbnail: v.iconThumbData,
  modifiedDate: v.modifiedDate.toISOString(),
  createdDate: v.createdDate.toISOString(),
  author: v.author,
  compiled: v.compiled,
  changesNote: v.changesNote,
  internalChangesNote: v.internalChangesNote,
  rejectionNote: v.rejectionNote,
  reviewedNote: v.reviewedNote,
  reviewCitations: v.reviewCitations,
  privacyPolicySummary: v.privacyPolicySummary,
  documentationUrl: v.documentationUrl,
  compileJobId: v.compileJobId,
  isBundle,
  packages: { source: v.packagePath !== '', compiled: v.compiledPath !== '' },
});

/**
 * Apps (or bundles) with their latest version, plans, bundles and publisher, in the order of `ids`. List
 * rows (`icon: 'thumbnail'`) carry the icon's thumbnail only, never the full image.
 */
export async function loadApps(db: Db, ids: string[], icon: 'full' | 'thumbnail' = 'full'): Promise<App[]> {
  if (!ids.length) return [];
  // Each app's latest version by its stored pointer (one row per app); list rows leave the full icon and
  // the manifest in the database.
  const { manifest: _manifest, iconFileData, ...listColumns } = getTableColumns(appVersions);
  const versionColumns = icon === 'full' ? { ...listColumns, iconFileData } : { ...listColumns, iconFileData: sql<string>`''` };
  const [rows, versions, memberships, plans, activePrices] = await Promise.all([
    db
      .select({ app: apps, publisherName: publishers.name, payoutAccount: payoutAccountColumn })
      .from(apps)
      .innerJoin(publishers, eq(publishers.id, apps.publisherId))
      .where(inArray(apps.id, ids)),
    db.select(versionColumns).from(appVersions).innerJoin(apps, eq(apps.latestVersionId, appVersions.internalId)).where(inArray(apps.id, ids)),
    db.select({ appId: bundleApps.appId, bundleId: bundleApps.bundleId }).from(bundleApps).where(inArray(bundleApps.appId, ids)),
    db.select().from(bundlePlans).where(inArray(bundlePlans.bundleId, ids)),
    db
      .select()
      .from(prices)
      .where(and(inArray(prices.appId, ids), eq(prices.active, true))),
  ]);
  const bundleIds = [...new Set(memberships.map((m) => m.bundleId))];
  const bundleNames = new Map<string, string>();
  if (bundleIds.length) {
    const bv = await db
      .select({ appId: appVersions.appId, name: appVersions.name })
      .from(appVersions)
      .innerJoin(apps, eq(apps.latestVersionId, appVersions.internalId))
      .where(inArray(apps.id, bundleIds));
    for (const v of bv) bundleNames.set(v.appId, v.name);
  }
  const latest = new Map(versions.map((v) => [v.appId, v]));
  const byId = new Map(rows.map((r) => [r.app.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    const v = latest.get(id);
    if (!r || !v) return [];
    const price = activePrices.find((p) => p.appId === id);
    const pricingPlans = r.app.isBundle
      ? plans
          .filter((p) => p.bundleId === id)
          .sort((a, b) => a.strategy.localeCompare(b.strategy))
          .map((p) => ({ id: p.id, strategy: p.strategy, isPerSeat: p.isPerSeat, trialDays: p.trialDays, price: p.price, tiers: p.tiers }))
      : price?.type === 'subscription'
        ? (['monthly', 'yearly'] as const)
            .filter((s) => price[s].enabled)
            .map((s) => ({ id: appPlanId(price.id, s), strategy: s, isPerSeat: price[s].isSeatBased }))
        : [];
    return [
      {
        appId: id,
        isBundle: r.app.isBundle,
        purchaseType: r.app.purchaseType,
        price: r.app.price,
        currentPricingId: r.app.currentPricingId,
        pricingPlans,
        isEnterpriseOnly: r.app.isEnterpriseOnly,
        isUsageBased: r.app.isUsageBased,
        bundledIn: memberships.filter((m) => m.appId === id).map((m) => ({ bundleId: m.bundleId, bundleName: bundleNames.get(m.bundleId) ?? '' })),
        publisher: { id: r.app.publisherId, label: r.publisherName },
        latest: toVersion(v, r.app.isBundle, icon),
        cannotSell: cannotSell({ purchaseType: r.app.purchaseType, price: r.app.price, payoutAccount: r.payoutAccount }),
      },
    ];
  });
}

/** Apps whose id or a version's name contains `q` (case-insensitive). */
const matching = (db: Db, q: string) => {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(apps.id, pattern), inArray(apps.id, db.select({ id: appVersions.appId }).from(appVersions).where(ilike(appVersions.name, pattern))));
};

/**
 * One page of apps (or bundles), most recently changed first — by when the latest version (the one each
 * row shows) last changed, the order of the apps_list indexes: a publisher's own (`publisherId`), or every
 * publisher's for staff; `q` filters by name or id.
 */
export async function pageOfApps(db: Db, where: { publisherId?: string; isBundle: boolean; q?: string }, page: { limit: number; offset: number }) {
  const filter = and(
    where.publisherId ? eq(apps.publisherId, where.publisherId) : undefined,
    eq(apps.isBundle, where.isBundle),
    where.q ? matching(db, where.q) : undefined,
  );
  const scope = `${where.publisherId ? `publisher:${where.publisherId}:` : ''}bundle:${where.isBundle}`;
  const ids = (order: SQL[], bound: SQL | undefined, offset: number, limit: number) =>
    db
      .select({ id: apps.id })
      .from(apps)
      .where(and(filter, bound))
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  if (where.q) {
    // A search counts what it matches, and pages through it from the nearer end.
    const total = db
      .select({ n: count() })
      .from(apps)
      .where(filter)
      .then(([r]) => r?.n ?? 0);
    const { data, total: n } = await pageFromBothEnds(total, page, [apps.latestModified, apps.id], (order, offset, limit) =>
      ids(order, undefined, offset, limit),
    );
    return {
      data: await loadApps(
        db,
        data.map((r) => r.id),
        'thumbnail',
      ),
      meta: { total: n },
    };
  }
  // Unfiltered: the total row_counts keeps; the page is read from the nearer end, its index walk starting
  // at the day that holds its first row (app_list_days), so no page walks more than a day's apps.
  const n = await storedTotal(db, 'apps', scope);
  const plan = readPlan(n, page);
  let data: { id: string }[] = [];
  if (plan.limit > 0) {
    const start = await appDayStart(db, scope, plan);
    const order = newestFirst(plan.reverse, apps.latestModified, apps.id);
    data = start
      ? await ids(order, fromDay(apps.latestModified, start.day, plan.reverse), plan.offset - start.before, plan.limit)
      : await ids(order, undefined, plan.offset, plan.limit);
    if (plan.reverse) data.reverse();
  }
  return {
    data: await loadApps(
      db,
      data.map((r) => r.id),
      'thumbnail',
    ),
    meta: { total: n },
  };
}
