import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activityLogs, appVersions, apps, compileJobs, publishers, usageRecords } from '../../db/schema';
import { notFound } from '../../errors';
import { toJob } from './app-details';
import { loadApps } from './apps';
import { pageByPosition, type Page } from '../../kernel/paging';

/** Any publisher's app (staff). */
export async function anyApp(db: Db, appId: string) {
  const [app] = await loadApps(db, [appId]);
  if (!app) throw notFound('App');
  return app;
}

// The lists that grow: newest first by position, the total from row_counts (server/kernel/paging.ts).

export async function usagePage(db: Db, appId: string, page: Page) {
  const { data, total } = await pageByPosition(db, 'usage_records', appId, page, (top, limit) =>
    db
      .select()
      .from(usageRecords)
      .where(and(eq(usageRecords.appId, appId), lte(usageRecords.position, top)))
      .orderBy(desc(usageRecords.position))
      .limit(limit),
  );
  return {
    data: data.map((r) => ({
      id: r.id,
      workspaceLabel: r.workspaceLabel,
      billingCycleId: r.billingCycleId,
      items: r.items,
      createdDate: r.createdDate.toISOString(),
    })),
    meta: { total },
  };
}

export async function activityPage(db: Db, appId: string, page: Page) {
  const { data, total } = await pageByPosition(db, 'activity_logs', appId, page, (top, limit) =>
    db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.appId, appId), lte(activityLogs.position, top)))
      .orderBy(desc(activityLogs.position))
      .limit(limit),
  );
  return {
    data: data.map((r) => ({
      id: r.id,
      userExtra: { id: r.userId, name: r.userName },
      action: r.action,
      when: r.when.toISOString(),
      actionExtra: r.actionExtra,
    })),
    meta: { total },
  };
}

/** Every compile job, newest first, with the app's name, version and publisher. */
export async function jobsPage(db: Db, page: Page) {
  const { data, total } = await pageByPosition(db, 'compile_jobs', 'all', page, (top, limit) =>
    db.select().from(compileJobs).where(lte(compileJobs.position, top)).orderBy(desc(compileJobs.position)).limit(limit),
  );
  // The names of the page's versions apart: joined into the page query, the planner sized its joins for
  // every job up to the page (a million), not the 25 it reads — milliseconds of setup for nothing.
  const versionIds = [...new Set(data.map((j) => j.internalAppId))];
  const names = versionIds.length
    ? await db
        .select({ id: appVersions.internalId, name: appVersions.name, version: appVersions.version, publisher: publishers.name })
        .from(appVersions)
        .innerJoin(apps, eq(apps.id, appVersions.appId))
        .innerJoin(publishers, eq(publishers.id, apps.publisherId))
        .where(inArray(appVersions.internalId, versionIds))
    : [];
  const byVersion = new Map(names.map((n) => [n.id, n]));
  return {
    data: data.map((job) => {
      const n = byVersion.get(job.internalAppId);
      return { ...toJob(job), appName: n?.name, appVersion: n?.version, publisherName: n?.publisher };
    }),
    meta: { total },
  };
}

/** The stored package of a version (source, or compiled) and a file name for it; 404 when there is none. */
export async function versionPackage(db: Db, internalId: string, compiled: boolean) {
  const [v] = await db.select().from(appVersions).where(eq(appVersions.internalId, internalId));
  if (!v) throw notFound('App version');
  const file = compiled ? v.compiledPath : v.packagePath;
  if (!file) throw notFound(compiled ? 'Compiled package' : 'Source package');
  return {
    appId: v.appId,
    version: v.version,
    file,
    name: `${(v.nameSlug || v.appId).replace(/[^\w.-]/g, '_')}-${v.version.replace(/[^\w.-]/g, '_')}${compiled ? '-compiled' : ''}.zip`,
  };
}
