import { CHECK_TITLES, type Finding, type VersionFindings } from '../../../contract/schemas/review';
import type { Db } from '../../db/client';
import type { Storage } from '../../kernel/storage';
import { currentFindings, versionAndJob } from './comparisons';
import { conflict, notFound } from '../../errors';
import { checkSettings, weighed } from './settings';
import { reviewWait } from './wait';

/**
 * The findings of a version's current compile (a revision's new compile replaces them), the comparing ones made
 * again when another version has been approved since (comparisons.ts), weighed as staff configured.
 */
export async function versionFindings(db: Db, storage: Storage, appId: string, internalId: string): Promise<VersionFindings> {
  const row = await versionAndJob(db, appId, internalId);
  if (!row) throw notFound('App version');
  const { version: v, job } = row;
  const stored = job?.finishedAt ? await currentFindings(db, storage, v, job) : (job?.findings ?? []);
  const findings = weighed(stored, (await checkSettings(db)).severities);
  return {
    compileJobId: v.compileJobId,
    checkedAt: job?.finishedAt?.toISOString() ?? null,
    findings,
    blocking: findings.find((f) => f.severity === 'blocks') ?? null,
    review: await reviewWait(db, v),
  };
}

/** The refusal of a submission a blocking finding stops: its check and its reason, which say what to change. */
export const blockedSubmission = (f: Finding) => conflict('blocked_by_check', `${CHECK_TITLES[f.check]}: ${f.reason}`);

/** Refuses (409) a submission while a finding on the version's current compile blocks it. */
export async function assertNothingBlocks(db: Db, storage: Storage, appId: string, internalId: string) {
  const { blocking } = await versionFindings(db, storage, appId, internalId);
  if (blocking) throw blockedSubmission(blocking);
}
