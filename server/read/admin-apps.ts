import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { activityLogs, appVersions, apps, compileJobs, publishers, usageRecords } from '../db/schema';
import { notFound } from '../errors';
import { toJob } from './app-details';
import { loadApps } from './apps';

type Page = { limit: number; offset: number };

/** Any publisher's app (staff). */
export async function anyApp(db: Db, appId: string) {
  const [app] = await loadApps(db, [appId]);
  if (!app) throw notFound('App');
  return app;
}

/** A page of rows and the total count, run together. */
async function paged<R, T>(rows: Promise<R[]>, total: Promise<{ n: number }[]>, map: (row: R) => T) {
  const [data, [count]] = await Promise.all([rows, total]);
  return { data: data.map(map), meta: { total: count?.n ?? 0 } };
}

export function usagePage(db: Db, appId: string, page: Page) {
  const where = eq(usageRecords.appId, appId);
  return paged(
    db.select().from(usageRecords).where(where).orderBy(desc(usageRecords.createdDate), desc(usageRecords.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(usageRecords).where(where),
    (r) => ({ id: r.id, workspaceLabel: r.workspaceLabel, billingCycleId: r.billingCycleId, items: r.items, createdDate: r.createdDate.toISOString() }),
  );
}

export function activityPage(db: Db, appId: string, page: Page) {
  const where = eq(activityLogs.appId, appId);
  return paged(
    db.select().from(activityLogs).where(where).orderBy(desc(activityLogs.when), desc(activityLogs.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(activityLogs).where(where),
    (r) => ({ id: r.id, userExtra: { id: r.userId, name: r.userName }, action: r.action, when: r.when.toISOString(), actionExtra: r.actionExtra }),
  );
}

/** Every compile job, newest first, with the app's name, version and publisher. */
export function jobsPage(db: Db, page: Page) {
  return paged(
    db
      .select({ job: compileJobs, name: appVersions.name, version: appVersions.version, publisher: publishers.name })
      .from(compileJobs)
      .leftJoin(appVersions, eq(appVersions.internalId, compileJobs.internalAppId))
      .leftJoin(apps, eq(apps.id, compileJobs.appId))
      .leftJoin(publishers, eq(publishers.id, apps.publisherId))
      .orderBy(desc(compileJobs.requestedAt), desc(compileJobs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(compileJobs),
    (r) => ({ ...toJob(r.job), appName: r.name ?? undefined, appVersion: r.version ?? undefined, publisherName: r.publisher ?? undefined }),
  );
}

/** The stored package of a version (source, or compiled) and a file name for it; 404 when there is none. */
export async function versionPackage(db: Db, internalId: string, compiled: boolean) {
  const [v] = await db.select().from(appVersions).where(eq(appVersions.internalId, internalId));
  if (!v) throw notFound('App version');
  const file = compiled ? v.compiledPath : v.packagePath;
  if (!file) throw notFound(compiled ? 'Compiled package' : 'Source package');
  return { appId: v.appId, version: v.version, file, name: `${(v.nameSlug || v.appId).replace(/[^\w.-]/g, '_')}-${v.version.replace(/[^\w.-]/g, '_')}${compiled ? '-compiled' : ''}.zip` };
}
