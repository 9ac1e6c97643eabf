import { and, eq } from 'drizzle-orm';
import type { VersionStatus } from '../../../contract/schemas/app';
import type { ListingPreview } from '../../../contract/schemas/listing';
import { plainHtml } from '../../catalog/markdown-texts';
import type { Db } from '../../db/client';
import { appVersions } from '../../db/schema';
import { notFound } from '../../errors';
import { listScreenshots } from '../screenshots';

/**
 * A version's listing as Rocket.Chat's Marketplace page shows it: the fields the catalog serves of a listed version
 * (server/catalog/read/catalog.ts toInfo, textsOf: the description's HTML rendered when it was saved, else its text
 * escaped; the author's addresses '' when none) and its screenshots in their order.
 */
export async function listingPreview(db: Db, o: { appId: string; internalId: string }): Promise<ListingPreview> {
  const [v] = await db
    .select({
      name: appVersions.name,
      version: appVersions.version,
      status: appVersions.status,
      author: appVersions.author,
      iconFileData: appVersions.iconFileData,
      shortDescription: appVersions.shortDescription,
      description: appVersions.description,
      descriptionHtml: appVersions.descriptionHtml,
      categories: appVersions.categories,
      languages: appVersions.languages,
      privacyPolicySummary: appVersions.privacyPolicySummary,
      documentationUrl: appVersions.documentationUrl,
    })
    .from(appVersions)
    .where(and(eq(appVersions.appId, o.appId), eq(appVersions.internalId, o.internalId)));
  if (!v) throw notFound('App version');
  return {
    appId: o.appId,
    internalId: o.internalId,
    name: v.name,
    version: v.version,
    status: v.status as VersionStatus,
    author: { name: v.author.name, support: v.author.support ?? '', homepage: v.author.homepage ?? '' },
    iconFileData: v.iconFileData,
    shortDescription: v.shortDescription,
    detailedDescription: { raw: v.description, rendered: v.descriptionHtml ?? plainHtml(v.description) },
    categories: v.categories,
    languages: v.languages,
    privacyPolicySummary: v.privacyPolicySummary,
    documentationUrl: v.documentationUrl,
    screenshots: await listScreenshots(db, o),
  };
}
