import { and, count, inArray, lt, sql } from 'drizzle-orm';
import { REVIEW_TARGET_HOURS, reviewWaitingStatuses, isWaitingForReview, type ReviewWait } from '../../../contract/schemas/review';
import type { Db } from '../../db/client';
import { appVersions } from '../../db/schema';

const HOUR = 3_600_000;

/** Since when a version has waited: its submission (versions stored before it was recorded: their last change). */
export const waitingSinceColumn = sql<Date>`coalesce(${appVersions.submittedAt}, ${appVersions.modifiedDate})`;
export const waitingSinceOf = (v: { submittedAt: Date | null; modifiedDate: Date }) => v.submittedAt ?? v.modifiedDate;

/** Whole hours waited (rounded down). */
export const hoursWaited = (since: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - since.getTime()) / HOUR));
export const isOverdue = (since: Date, now: Date) => now.getTime() - since.getTime() > REVIEW_TARGET_HOURS * HOUR;

/**
 * Where a version stands in review, for its publisher: its place in the queue (served oldest first) and the
 * hours left until the target — the promise staff hold themselves to, never a guess presented as more.
 */
export async function reviewWait(db: Db, v: { status: string; submittedAt: Date | null; modifiedDate: Date }, now = new Date()): Promise<ReviewWait> {
  if (!isWaitingForReview(v.status)) return { waitingSince: null, position: null, expectedWithinHours: null, overdue: false, targetHours: REVIEW_TARGET_HOURS };
  const since = waitingSinceOf(v);
  const [ahead] = await db
    .select({ n: count() })
    .from(appVersions)
    .where(and(inArray(appVersions.status, [...reviewWaitingStatuses]), lt(waitingSinceColumn, sql`${since.toISOString()}::timestamptz`)));
  const left = Math.ceil((since.getTime() + REVIEW_TARGET_HOURS * HOUR - now.getTime()) / HOUR);
  return {
    waitingSince: since.toISOString(),
    position: (ahead?.n ?? 0) + 1,
    expectedWithinHours: Math.max(0, left),
    overdue: isOverdue(since, now),
    targetHours: REVIEW_TARGET_HOURS,
  };
}
