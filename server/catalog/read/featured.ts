import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { apps, appVersions, featuredApps, publishers } from '../../db/schema';
import { sellableWhere } from '../../commerce/sellable';

/** How many apps the featured drawer offers at once (it filters by name). */
const CANDIDATES = 50;

/** Each app's newest published version (name and icon thumbnail) — what a featured section shows of it. */
const publishedVersions = (db: Db | Tx, where: ReturnType<typeof and>) =>
  db
    .selectDistinctOn([appVersions.appId], { appId: appVersions.appId, name: appVersions.name, iconFileData: appVersions.iconThumbData })
    .from(appVersions)
    .where(and(eq(appVersions.status, 'published'), where))
    .orderBy(appVersions.appId, sql`${appVersions.createdDate} DESC`);

/** Whether the app has a published version (only those may be featured). */
export async function isPublished(db: Db | Tx, appId: string) {
  const [row] = await db
    .select({ id: appVersions.internalId })
    .from(appVersions)
    .where(and(eq(appVersions.appId, appId), eq(appVersions.status, 'published')))
    .limit(1)
    // Inside a transaction the published version stays so until it commits (an unpublish waits for it).
    .for('share');
  return !!row;
}

/** Every section with its apps (in the order they were featured), sections by slug. */
export async function featuredSections(db: Db | Tx) {
  const rows = await db.select().from(featuredApps).orderBy(asc(featuredApps.sectionSlug), asc(featuredApps.createdAt), asc(featuredApps.appId));
  const ids = [...new Set(rows.map((r) => r.appId))];
  const shown = new Map(ids.length ? (await publishedVersions(db, inArray(appVersions.appId, ids))).map((v) => [v.appId, v]) : []);
  const sections = new Map<string, { appId: string; name: string; iconFileData: string }[]>();
  for (const r of rows) {
    const v = shown.get(r.appId);
    if (!v) continue;
    sections.set(r.sectionSlug, [...(sections.get(r.sectionSlug) ?? []), v]);
  }
  return { sections: [...sections].map(([slug, apps]) => ({ slug, apps })) };
}

/**
 * Published apps the drawer may offer, by name, filtered by `q` (a part of the name, any case): not a paid app
 * nobody could pay for yet (featuring it is refused: server/commerce/sellable.ts).
 */
export async function featureCandidates(db: Db, q: string | undefined) {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const sellable = db.select({ id: apps.id }).from(apps).innerJoin(publishers, eq(publishers.id, apps.publisherId)).where(sellableWhere());
  const published = publishedVersions(db, and(inArray(appVersions.appId, sellable), pattern ? ilike(appVersions.name, pattern) : undefined)).as('published');
  return db.select().from(published).orderBy(asc(published.name), asc(published.appId)).limit(CANDIDATES);
}
