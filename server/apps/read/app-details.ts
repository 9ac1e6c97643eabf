import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CompileJob } from '../../../contract/schemas/app';
import type { Db } from '../../db/client';
import { appInstallEvents, appVersions, compileJobs, prices, purchaseRecords } from '../../db/schema';
import { notFound } from '../../errors';
import { entitlingSubscription } from '../../commerce/holdings';
import { toVersion } from './apps';
import type { Storage } from '../../kernel/storage';
import { blockedByOrUnread, listingIncomplete } from '../version-facts';

/**
 * An app's versions, newest first, each with the facts that decide its actions beside its status (machines/
 * version-actions.ts): the blocking finding of one before or waiting for review, and what its listing lacks.
 */
export async function appVersionsOf(db: Db, storage: Storage, appId: string, isBundle: boolean) {
  const rows = await db.select().from(appVersions).where(eq(appVersions.appId, appId)).orderBy(desc(appVersions.createdDate));
  const isUpdate = rows.length > 1;
  return Promise.all(
    rows.map(async (v) => ({
      ...toVersion(v, isBundle),
      facts: {
        blockedBy: await blockedByOrUnread(db, storage, v, isBundle),
        incomplete: listingIncomplete(v, isBundle, isUpdate),
        unlisted: listingIncomplete(v, isBundle, false),
      },
    })),
  );
}

export async function appVersion(db: Db, appId: string, internalId: string, isBundle: boolean) {
  const [v] = await db
    .select()
    .from(appVersions)
    .where(and(eq(appVersions.appId, appId), eq(appVersions.internalId, internalId)));
  if (!v) throw notFound('App version');
  return toVersion(v, isBundle);
}

const INACTIVE = ['pastDue', 'cancelled'] as const;

export const STATS_DAYS = 90;
const DAY_MS = 86_400_000;

/**
 * Purchases made on each of the last 90 days (UTC) and the subscriptions active at each day's end (made by
 * then and not ended by then), oldest first: one pass over the app's records — what was there before the
 * window, then each day's starts and ends.
 */
export async function dailySales(db: Db, appId: string, now = new Date()) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (STATS_DAYS - 1) * DAY_MS);
  const dayOf = (col: string) => sql.raw(`floor(extract(epoch from ${col} - '${from.toISOString()}'::timestamptz) / 86400)::int`);
  const sub = sql`purchase_type = 'subscription'`;
  const result = await db.execute(sql`
    SELECT 'base' AS kind, NULL::int AS day,
           count(*) FILTER (WHERE ${sub} AND date < ${from.toISOString()}) - count(*) FILTER (WHERE ${sub} AND ended_at < ${from.toISOString()}) AS n
      FROM purchase_records WHERE app_id = ${appId}
    UNION ALL
    SELECT 'bought', ${dayOf('date')}, count(*) FROM purchase_records WHERE app_id = ${appId} AND date >= ${from.toISOString()} GROUP BY 2
    UNION ALL
    SELECT 'started', ${dayOf('date')}, count(*) FROM purchase_records WHERE app_id = ${appId} AND ${sub} AND date >= ${from.toISOString()} GROUP BY 2
    UNION ALL
    SELECT 'ended', ${dayOf('ended_at')}, count(*) FROM purchase_records WHERE app_id = ${appId} AND ${sub} AND ended_at >= ${from.toISOString()} GROUP BY 2`);
  const rows = (result as unknown as { rows: { kind: string; day: number | null; n: string | number }[] }).rows;
  const at = (kind: string) => {
    const byDay = new Array<number>(STATS_DAYS).fill(0);
    for (const r of rows) if (r.kind === kind && r.day !== null && r.day >= 0 && r.day < STATS_DAYS) byDay[r.day]! += Number(r.n);
    return byDay;
  };
  const [bought, started, ended] = [at('bought'), at('started'), at('ended')];
  let active = Number(rows.find((r) => r.kind === 'base')?.n ?? 0);
  return bought.map((purchases, i) => {
    active += started[i]! - ended[i]!;
    return { day: new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10), purchases, activeSubscriptions: active };
  });
}

/**
 * Downloads per version: the packages registered workspaces downloaded (`download` install events, one per
 * download), for every version ever offered (published now or before) and any other a download names.
 */
async function downloadsPerVersion(db: Db, appId: string) {
  const [counted, offered] = await Promise.all([
    db
      .select({ version: appInstallEvents.appVersion, downloads: count() })
      .from(appInstallEvents)
      .where(and(eq(appInstallEvents.appId, appId), eq(appInstallEvents.action, 'download')))
      .groupBy(appInstallEvents.appVersion),
    db
      .select({ version: appVersions.version })
      .from(appVersions)
      .where(and(eq(appVersions.appId, appId), inArray(appVersions.status, ['published', 'unpublished'])))
      .orderBy(appVersions.createdDate),
  ]);
  const byVersion = new Map(offered.map((v) => [v.version, 0]));
  for (const c of counted) byVersion.set(c.version, Number(c.downloads));
  return [...byVersion].map(([version, downloads]) => ({ version, downloads }));
}

export async function appStats(db: Db, appId: string) {
  const [downloads, [purchases], [active], [inactive]] = await Promise.all([
    downloadsPerVersion(db, appId),
    db.select({ n: count() }).from(purchaseRecords).where(eq(purchaseRecords.appId, appId)),
    db
      .select({ n: count() })
      .from(purchaseRecords)
      .where(and(eq(purchaseRecords.appId, appId), entitlingSubscription())),
    db
      .select({ n: count() })
      .from(purchaseRecords)
      .where(and(eq(purchaseRecords.appId, appId), inArray(purchaseRecords.subscriptionStatus, [...INACTIVE]))),
  ]);
  return {
    daily: await dailySales(db, appId),
    totalDownloads: downloads.reduce((n, d) => n + d.downloads, 0),
    purchases: purchases?.n ?? 0,
    activeSubscriptions: active?.n ?? 0,
    inactiveSubscriptions: inactive?.n ?? 0,
    appVersions: Object.fromEntries(downloads.map((d) => [d.version, { downloads: d.downloads }])),
  };
}

export const toJob = (j: typeof compileJobs.$inferSelect): z.infer<typeof CompileJob> => ({
  id: j.id,
  internalAppId: j.internalAppId,
  appId: j.appId,
  typeScriptVersion: j.typeScriptVersion,
  engineVersion: j.engineVersion,
  status: j.status,
  duration: j.durationMs,
  requestedAt: j.requestedAt.toISOString(),
  finishedAt: j.finishedAt?.toISOString() ?? null,
  diagnostics: j.diagnostics,
});

export async function appJobs(db: Db, appId: string) {
  const rows = await db.select().from(compileJobs).where(eq(compileJobs.appId, appId)).orderBy(desc(compileJobs.requestedAt));
  return rows.map(toJob);
}

const toPrice = (p: typeof prices.$inferSelect, actives: number) => ({
  id: p.id,
  name: p.name,
  type: p.type,
  active: p.active,
  buyPrice: p.buyPrice,
  monthly: p.monthly,
  yearly: p.yearly,
  trialEnabled: p.trialEnabled,
  trialDuration: p.trialDuration,
  referenceEnabled: p.referenceEnabled,
  referenceId: p.referenceId,
  createdDate: p.createdDate.toISOString(),
  unique: false,
  actives,
});

/** Prices of an app, newest first; `actives` counts the active subscriptions on the active price. */
export async function appPrices(db: Db, appId: string) {
  const [rows, [subs]] = await Promise.all([
    db.select().from(prices).where(eq(prices.appId, appId)).orderBy(desc(prices.createdDate)),
    db
      .select({ n: count() })
      .from(purchaseRecords)
      .where(and(eq(purchaseRecords.appId, appId), entitlingSubscription())),
  ]);
  return rows.map((p) => toPrice(p, p.active ? (subs?.n ?? 0) : 0));
}
