import { and, eq, inArray } from 'drizzle-orm';
import type { RuntimeReport, VersionRuntime } from '../../../contract/schemas/runtime';
import type { Db } from '../../db/client';
import { appVersions, compileJobs } from '../../db/schema';
import { notFound } from '../../errors';

/** GET …/versions/:versionId/runtime: what the version's current compile's start in Apps-Engine showed. */
export async function versionRuntime(db: Db, appId: string, internalId: string): Promise<VersionRuntime> {
  const [row] = await db
    .select({ compileJobId: appVersions.compileJobId, status: compileJobs.status, report: compileJobs.runtime })
    .from(appVersions)
    .leftJoin(compileJobs, eq(compileJobs.id, appVersions.compileJobId))
    .where(and(eq(appVersions.appId, appId), eq(appVersions.internalId, internalId)));
  if (!row) throw notFound('App version');
  const compile = !row.status ? 'none' : row.status === 'succeeded' || row.status === 'failed' ? row.status : 'waiting';
  return { compileJobId: row.compileJobId, compile, report: row.report ?? null };
}

/** The runtime reports of some versions' current compiles, by version (internal id). */
export async function runtimeReports(db: Db, internalIds: string[]): Promise<Map<string, RuntimeReport | null>> {
  if (!internalIds.length) return new Map();
  const rows = await db
    .select({ internalId: appVersions.internalId, report: compileJobs.runtime })
    .from(appVersions)
    .leftJoin(compileJobs, eq(compileJobs.id, appVersions.compileJobId))
    .where(inArray(appVersions.internalId, internalIds));
  return new Map(rows.map((r) => [r.internalId, r.report ?? null]));
}
