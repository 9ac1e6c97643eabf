import { and, eq } from 'drizzle-orm';
import type { CheckId, StoredFinding } from '../../../contract/schemas/review';
import type { Db } from '../../db/client';
import { appVersions, compileJobs } from '../../db/schema';
import { packageKind } from '../packages/manifest';
import { readZip } from '../packages/zip';
import type { Storage } from '../../kernel/storage';
import { contextOf } from './checks/context';
import { manifestMismatch } from './checks/manifest-mismatch';
import { newPermissions } from './checks/new-permissions';
import { lastApprovedBefore } from './last-approved';

/** The checks whose findings depend on the last approved version (the rest depend on the package alone). */
const COMPARING: CheckId[] = ['new-permissions', 'manifest-mismatch'];

type Version = { appId: string; internalId: string; createdDate: Date; version: string; packagePath: string; manifest: Record<string, unknown> };
type Job = { id: string; findings: StoredFinding[]; comparedWith: string };

/**
 * A compile's findings as they stand now: when a version has been approved since the compile compared the package
 * with the last approved one (say v1 approved while v2 waited), the comparing checks run again over the stored
 * package against the new one, and their findings replace the old ones (written back, once, for the queue's
 * counts). Without this an upload made while its predecessor waited would never be checked against it.
 */
export async function currentFindings(db: Db, storage: Storage, v: Version, job: Job): Promise<StoredFinding[]> {
  const base = await lastApprovedBefore(db, v);
  if ((base?.internalId ?? '') === job.comparedWith || !v.packagePath) return job.findings;
  const files = await readZip(await storage.get(v.packagePath));
  const classFile = String(v.manifest.classFile ?? '');
  const ctx = contextOf({ files, kind: packageKind(files, classFile), version: v.version, lastApproved: base, disallowedLicences: [] });
  const fresh = [...newPermissions(ctx), ...manifestMismatch(ctx)];
  const findings = [...job.findings.filter((f) => !COMPARING.includes(f.check) && !(f.check === 'check-failed' && f.of && COMPARING.includes(f.of))), ...fresh];
  await db
    .update(compileJobs)
    .set({ findings, comparedWith: base?.internalId ?? '' })
    .where(and(eq(compileJobs.id, job.id), eq(compileJobs.comparedWith, job.comparedWith)));
  return findings;
}

/** The version and its current compile job, as currentFindings needs them. */
export async function versionAndJob(db: Db, appId: string, internalId: string) {
  const [row] = await db
    .select({
      version: appVersions,
      job: {
        id: compileJobs.id,
        findings: compileJobs.findings,
        comparedWith: compileJobs.comparedWith,
        finishedAt: compileJobs.finishedAt,
        status: compileJobs.status,
      },
    })
    .from(appVersions)
    .leftJoin(compileJobs, eq(compileJobs.id, appVersions.compileJobId))
    .where(and(eq(appVersions.appId, appId), eq(appVersions.internalId, internalId)));
  return row;
}
