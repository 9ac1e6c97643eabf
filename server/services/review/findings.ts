import { and, eq } from 'drizzle-orm';
import { CHECK_TITLES, type Finding, type VersionFindings } from '../../../contract/schemas/review';
import type { Db } from '../../db/client';
import { appVersions, compileJobs } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { checkSettings, weighed } from './settings';
import { reviewWait } from './wait';

async function versionWithJob(db: Db, appId: string, internalId: string) {
  const [row] = await db
    .select({
      status: appVersions.status,
      submittedAt: appVersions.submittedAt,
      modifiedDate: appVersions.modifiedDate,
      compileJobId: appVersions.compileJobId,
      findings: compileJobs.findings,
      finishedAt: compileJobs.finishedAt,
    })
    .from(appVersions)
    .leftJoin(compileJobs, eq(compileJobs.id, appVersions.compileJobId))
    .where(and(eq(appVersions.appId, appId), eq(appVersions.internalId, internalId)));
  if (!row) throw notFound('App version');
  return row;
}

/** The findings of a version's current compile (a revision's new compile replaces them), weighed as staff configured. */
export async function versionFindings(db: Db, appId: string, internalId: string): Promise<VersionFindings> {
  const v = await versionWithJob(db, appId, internalId);
  const findings = weighed(v.findings ?? [], (await checkSettings(db)).severities);
  return {
    compileJobId: v.compileJobId,
    checkedAt: v.finishedAt?.toISOString() ?? null,
    findings,
    blocking: findings.find((f) => f.severity === 'blocks') ?? null,
    review: await reviewWait(db, v),
  };
}

/** The refusal of a submission a blocking finding stops: its check and its reason, which say what to change. */
export const blockedSubmission = (f: Finding) => conflict('blocked_by_check', `${CHECK_TITLES[f.check]}: ${f.reason}`);

/** Refuses (409) a submission while a finding on the version's current compile blocks it. */
export async function assertNothingBlocks(db: Db, appId: string, internalId: string) {
  const { blocking } = await versionFindings(db, appId, internalId);
  if (blocking) throw blockedSubmission(blocking);
}
