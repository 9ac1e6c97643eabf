import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appVersions, apps, compileJobs, publishers } from '../../db/schema';
import { transitionVersion } from '../lifecycle';
import type { PackageKind } from '../packages/manifest';
import { compiledPackage } from '../packages/compiled';
import { readZip } from '../packages/zip';
import type { FileStorage } from '../storage';
import { compilePackage } from './compiler';

export const COMPILE_JOB = 'compile';
const PACKAGER = { name: 'marketplace-portal', version: '1' };

/** Runs one compile job: the stored package through the compiler, then the version's status through the lifecycle. */
export async function runCompileJob(db: Db, storage: FileStorage, compileJobId: string) {
  const [row] = await db
    .select({ job: compileJobs, version: appVersions, allowNpm: publishers.canUseNPMModules })
    .from(compileJobs)
    .innerJoin(appVersions, eq(appVersions.internalId, compileJobs.internalAppId))
    .innerJoin(apps, eq(apps.id, compileJobs.appId))
    .innerJoin(publishers, eq(publishers.id, apps.publisherId))
    .where(eq(compileJobs.id, compileJobId));
  if (!row) return;
  await db.update(compileJobs).set({ status: 'running' }).where(eq(compileJobs.id, compileJobId));
  const files = await readZip(await storage.get(row.version.packagePath));
  const kind: PackageKind = files.has('.packagedby') ? 'compiled' : 'source';
  const result = await compilePackage(files, { kind, allowNpm: row.allowNpm });
  await db
    .update(compileJobs)
    .set({
      status: result.ok ? 'succeeded' : 'failed',
      durationMs: result.durationMs,
      typeScriptVersion: result.typeScriptVersion,
      engineVersion: result.engineVersion,
      diagnostics: result.diagnostics,
      finishedAt: new Date(),
    })
    .where(eq(compileJobs.id, compileJobId));
  let compiledPath = '';
  if (result.ok) {
    compiledPath = kind === 'compiled' ? row.version.packagePath : `packages/${row.version.appId}/${row.version.internalId}.compiled.zip`;
    if (kind === 'source') await storage.put(compiledPath, compiledPackage(files, result.emitted, PACKAGER));
  }
  await db.update(appVersions).set({ compiled: result.ok, compiledPath }).where(eq(appVersions.internalId, row.version.internalId));
  try {
    await transitionVersion(db, {
      appId: row.version.appId,
      internalId: row.version.internalId,
      actor: 'system',
      event: { type: result.ok ? 'COMPILE_SUCCEEDED' : 'COMPILE_FAILED' },
    });
  } catch (e) {
    // The version left `compiling` meanwhile (e.g. staff made it a draft): the job's record stands.
    if (!(e instanceof Error && 'statusCode' in e && e.statusCode === 409)) throw e;
  }
}
