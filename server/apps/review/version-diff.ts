import { approvedStatuses } from '../../../contract/schemas/review';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DiffQuery, FieldChange, VersionDiff } from '../../../contract/schemas/diff';
import type { Db } from '../../db/client';
import { appVersions, prices } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { readZip } from '../packages/zip';
import type { Storage } from '../../kernel/storage';
import { diffPackages } from './file-diff';
import { compareRuntime } from '../runtime/compare';
import { runtimeReports } from '../runtime/version-runtime';

type Version = typeof appVersions.$inferSelect;
type Price = typeof prices.$inferSelect;

const APPROVED = new Set<string>(approvedStatuses);
/** The listing's fields, as the version carries them; the icon is compared by its thumbnail (small). */
const LISTING = ['name', 'shortDescription', 'description', 'categories', 'languages', 'author', 'privacyPolicySummary', 'documentationUrl'] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of two objects whose values differ, in key order (a field one of them lacks is null there). */
export function fieldChanges(
  from: Record<string, unknown>,
  to: Record<string, unknown>,
  keys: Iterable<string> = new Set([...Object.keys(from), ...Object.keys(to)]),
): FieldChange[] {
  return [...keys]
    .sort()
    .filter((k) => !same(from[k], to[k]))
    .map((field) => ({ field, from: from[field] ?? null, to: to[field] ?? null }));
}

/** The permission names a manifest asks for (`permissions: [{name}]`, or names alone). */
export function permissionsOf(manifest: Record<string, unknown>): string[] {
  const list = Array.isArray(manifest.permissions) ? manifest.permissions : [];
  return [
    ...new Set(
      list.map((p) => (typeof p === 'string' ? p : typeof p === 'object' && p && 'name' in p ? String((p as { name: unknown }).name) : '')).filter(Boolean),
    ),
  ].sort();
}

/** The app's price in force when a version was made: the newest price created by then (else the first). */
function priceAt(all: Price[], v: Version): Record<string, unknown> {
  const p = all.filter((x) => x.createdDate <= v.createdDate).at(-1) ?? all[0];
  if (!p) return {};
  return { type: p.type, buyPrice: p.buyPrice, monthly: p.monthly, yearly: p.yearly, trial: p.trialEnabled ? p.trialDuration : null };
}

const ref = (v: Version) => ({ version: v.version, status: v.status, createdDate: v.createdDate.toISOString(), packageStored: v.packagePath !== '' });

async function filesOf(storage: Storage, v: Version | null) {
  if (!v?.packagePath) return new Map<string, Buffer>();
  return readZip(await storage.get(v.packagePath));
}

/**
 * What changed from one version of an app to another (GET /v1/admin/app/:id/diff and the publisher's own): by
 * default `to` is the latest version and `from` the last one staff approved before it (else the one before it;
 * none for a first version). The package's files (a page of those that differ, each diffed), the manifest's
 * fields and permissions, the listing, and the price in force when each was made.
 */
export async function versionDiff(db: Db, storage: Storage, appId: string, q: z.infer<typeof DiffQuery>): Promise<VersionDiff> {
  const versions = await db.select().from(appVersions).where(eq(appVersions.appId, appId)).orderBy(asc(appVersions.createdDate));
  const named = (version: string, field: 'from' | 'to') => {
    const v = versions.find((x) => x.version === version);
    if (!v) throw badRequest(`The app has no version ${version}.`, [{ path: field, message: `The app has no version ${version}.` }]);
    return v;
  };
  const to = q.to ? named(q.to, 'to') : versions.at(-1);
  if (!to) throw notFound('App version');
  const before = versions.slice(0, versions.indexOf(to)).reverse();
  const lastApproved = before.find((v) => APPROVED.has(v.status)) ?? null;
  const from = q.from ? named(q.from, 'from') : (lastApproved ?? before[0] ?? null);
  if (from === to) throw badRequest('Choose two different versions.', [{ path: 'from', message: 'Choose two different versions.' }]);
  const [fromFiles, toFiles, reports] = await Promise.all([
    filesOf(storage, from),
    filesOf(storage, to),
    runtimeReports(db, from ? [from.internalId, to.internalId] : []),
  ]);
  const fromManifest = (from?.manifest ?? {}) as Record<string, unknown>;
  const toManifest = to.manifest as Record<string, unknown>;
  const manifestKeys = new Set([...Object.keys(fromManifest), ...Object.keys(toManifest)].filter((k) => k !== 'permissions'));
  const [fromPermissions, toPermissions] = [permissionsOf(fromManifest), permissionsOf(toManifest)];
  const listingOf = (v: Version | null): Record<string, unknown> =>
    v ? { ...Object.fromEntries(LISTING.map((k) => [k, v[k]])), icon: v.iconThumbData || null } : {};
  const allPrices = await db.select().from(prices).where(eq(prices.appId, appId)).orderBy(asc(prices.createdDate));
  return {
    from: from ? ref(from) : null,
    to: ref(to),
    fromIsLastApproved: !!from && from === lastApproved,
    manifest: fieldChanges(fromManifest, toManifest, manifestKeys),
    permissions: { added: toPermissions.filter((p) => !fromPermissions.includes(p)), removed: fromPermissions.filter((p) => !toPermissions.includes(p)) },
    listing: fieldChanges(listingOf(from), listingOf(to)),
    runtime: from ? compareRuntime(reports.get(from.internalId) ?? null, reports.get(to.internalId) ?? null) : [],
    pricing: from ? fieldChanges(priceAt(allPrices, from), priceAt(allPrices, to)) : [],
    files: diffPackages(fromFiles, toFiles, { after: q.after, limit: q.limit }),
  };
}
