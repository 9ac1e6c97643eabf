import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import semver from 'semver';
import type { z } from 'zod';
import { BUNDLE_TEXT, BundleAppIds, BundleInfo, bundleSlug } from '../../contract/schemas/bundle';
import { unstorableTextIn } from '../../contract/text';
import { lifecycleSnapshot } from '../../machines/app-version-lifecycle';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { appVersions, apps, bundleApps, bundlePlans, categories, publishers } from '../db/schema';
import { HttpError, badRequest, unstorableText } from '../errors';
import { transitionVersion } from './lifecycle';
import { renderVersionTexts } from '../catalog/markdown-texts';
import { readIcon } from './packages/icon';
import { shortDescriptionFrom } from './packages/short-description';

/** A JSON part of the multipart body, parsed with its schema (a 400 naming the part's fields otherwise). */
export function parsePart<T extends z.ZodType>(raw: string | undefined, schema: T, part: string): z.infer<T> {
  let value: unknown;
  try {
    value = JSON.parse(raw ?? '');
  } catch {
    throw badRequest(`The ${part} part must be JSON.`, [{ path: part, message: `The ${part} part must be JSON.` }]);
  }
  const unstorable = unstorableTextIn(value, part);
  if (unstorable !== null) throw unstorableText(unstorable);
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({ path: [part, ...i.path].join('.'), message: i.message }));
    throw badRequest(fields[0]!.message, fields);
  }
  return parsed.data;
}

const dataUrl = /^data:image\/[a-z+.-]+;base64,([A-Za-z0-9+/=\s]+)$/;

/**
 * SPEC §5 Publish a New App Bundle: every rule of the form again (the contract's schema), then what needs the
 * database — the apps are ones the gate lets the caller read (their publisher's own; apps, not bundles), the categories exist, the engine version
 * is not newer than the portal's, paid types need canCreatePaidApps, the icon is an image by its bytes. The
 * bundle's first version goes through the lifecycle machine (draft → submitted, the bundle's own path).
 */
export async function createBundle(
  db: Db,
  o: { publisherId: string; canCreatePaidApps: boolean; engineVersion: string; ownApps: (ids: string[]) => Promise<{ id: string; isBundle: boolean }[]> },
  raw: { bundleInfo?: string; appIds?: string },
) {
  const { publisherId, engineVersion } = o;
  const [publisher] = await db.select({ name: publishers.name }).from(publishers).where(eq(publishers.id, publisherId));
  const info = parsePart(raw.bundleInfo, BundleInfo, 'bundleInfo');
  const appIds = [...new Set(parsePart(raw.appIds, BundleAppIds, 'appIds'))];
  const problems: { path: string; message: string }[] = [];
  const paid = info.purchaseType === 'subscription' || info.price > 0;
  if (paid && !o.canCreatePaidApps) problems.push({ path: 'bundleInfo.purchaseType', message: BUNDLE_TEXT.paidNotAllowed });
  if (semver.gt(info.requiredApiVersion, engineVersion)) {
    problems.push({ path: 'bundleInfo.requiredApiVersion', message: `The engine version can be at most ${engineVersion}, the latest.` });
  }
  // The apps the policy lets this publisher's developer read (its own), and no bundles.
  const own = (await o.ownApps(appIds)).filter((a) => !a.isBundle);
  const missing = appIds.filter((id) => !own.some((a) => a.id === id));
  if (missing.length) problems.push({ path: 'appIds', message: `Not one of your apps: ${missing.join(', ')}.` });
  const known = await db.select({ title: categories.title }).from(categories).where(inArray(categories.title, info.categories));
  const unknown = info.categories.filter((c) => !known.some((k) => k.title === c));
  if (unknown.length) problems.push({ path: 'bundleInfo.categories', message: `No such category: ${unknown.join(', ')}.` });
  const bytes = dataUrl.exec(info.iconFileData)?.[1];
  if (!bytes) problems.push({ path: 'bundleInfo.iconFileData', message: BUNDLE_TEXT.icon });
  if (problems.length) throw badRequest(problems[0]!.message, problems);
  const icon = await readIcon('of the bundle', Buffer.from(bytes!, 'base64'), 'bundleInfo.iconFileData');
  const { descriptionHtml } = await renderVersionTexts({ description: info.description }, { paths: { description: 'bundleInfo.description' }, publisherId });
  const bundleId = randomUUID();
  const internalId = newId();
  // The first version starts as a draft and is submitted by the machine (a bundle has no compile).
  if (!lifecycleSnapshot('draft', { actor: 'publisher', isBundle: true }).can({ type: 'SUBMIT' }))
    throw new Error('the lifecycle refuses to submit a new bundle');
  await db.transaction(async (tx) => {
    await tx
      .insert(apps)
      .values({ id: bundleId, publisherId, isBundle: true, purchaseType: info.purchaseType, price: info.purchaseType === 'buy' ? info.price : 0 });
    await tx.insert(appVersions).values({
      internalId,
      appId: bundleId,
      version: info.version,
      name: info.name,
      nameSlug: bundleSlug(info.name),
      status: 'draft',
      shortDescription: shortDescriptionFrom(info.description),
      description: info.description,
      descriptionHtml,
      changesNoteHtml: '',
      categories: info.categories,
      iconFileData: icon.iconData,
      iconThumbData: icon.thumbnail,
      author: { name: publisher?.name ?? '' },
      requiredApiVersion: info.requiredApiVersion,
    });
    await tx.insert(bundleApps).values(appIds.map((appId) => ({ bundleId, appId })));
    if (info.purchaseType === 'subscription' && info.pricingPlans.length) {
      await tx.insert(bundlePlans).values(
        info.pricingPlans.map((p) => ({
          id: newId(),
          bundleId,
          strategy: p.strategy,
          trialDays: p.trialDays,
          price: p.isPerSeat ? 0 : p.price,
          isPerSeat: p.isPerSeat,
          tiers: p.isPerSeat ? p.tiers : [],
        })),
      );
    }
    // In the same transaction: a bundle is never left a draft its publisher cannot submit.
    await transitionVersion(tx, { appId: bundleId, internalId, actor: 'publisher', event: { type: 'SUBMIT' } });
  });
  return bundleId;
}

/** The route named an app that is not a bundle: 404 'Invalid Bundle'. */
export const notABundle = () => new HttpError(404, 'not_a_bundle', `${BUNDLE_TEXT.invalidBundleTitle}: ${BUNDLE_TEXT.invalidBundle}`);

/** The apps a bundle holds (the bundle the gate authorized; an app that is no bundle: 404 'Invalid Bundle'). */
export async function bundleAppIds(db: Db, bundle: { id: string; isBundle: boolean }) {
  if (!bundle.isBundle) throw notABundle();
  const rows = await db.select({ appId: bundleApps.appId }).from(bundleApps).where(eq(bundleApps.bundleId, bundle.id)).orderBy(bundleApps.appId);
  return rows.map((r) => r.appId);
}
