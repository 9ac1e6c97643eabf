import { CHECK_TITLES, type Finding, type VersionFindings } from '../../../contract/schemas/review';
import type { Db } from '../../db/client';
import type { Storage } from '../../kernel/storage';
import { currentFindings, versionAndJob } from './comparisons';
import { notFound } from '../../errors';
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

/** A blocking finding in words: its check and its reason, which say what to change (the refusal of what it holds back). */
export const blockingText = (f: Finding) => `${CHECK_TITLES[f.check]}: ${f.reason}`;
