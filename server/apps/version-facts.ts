import { incompleteText, submissionGaps } from '../../contract/schemas/app';
import { factsNeeded, noFacts, type VersionFacts } from '../../machines/version-actions';
import type { VersionAction } from '../../machines/app-version-lifecycle';
import type { Db } from '../db/client';
import { count, eq } from 'drizzle-orm';
import { appVersions } from '../db/schema';
import type { Storage } from '../kernel/storage';
import { appCannotSell } from '../commerce/sellable';
import { blockingText, versionFindings } from './review/findings';

type VersionRow = typeof appVersions.$inferSelect;

/** The statuses where a publish check's finding can hold an action back (before review, and waiting for it). */
const checked = new Set(['compiled', 'author-approved']);

/** What holds a version's actions back while its findings cannot be read (its package unreadable for a moment). */
export const CHECKS_UNREAD = 'The publish checks could not be read just now: reload to try again.';

/** The blocking finding of a version's current compile, in words (none for a bundle, or where no action it holds back is possible). */
export async function blockedBy(db: Db, storage: Storage, v: Pick<VersionRow, 'appId' | 'internalId' | 'status'>, isBundle: boolean) {
  if (isBundle || !checked.has(v.status)) return null;
  const { blocking } = await versionFindings(db, storage, v.appId, v.internalId);
  return blocking ? blockingText(blocking) : null;
}

/**
 * The facts the one rule of a version's actions (machines/version-actions.ts) needs to decide `action` on `v`: only
 * those that can hold it back are looked up; without `storage` no finding is read (the system's and uploads'
 * transitions, which no finding holds back).
 */
export async function versionFacts(db: Db, storage: Storage | undefined, v: VersionRow, isBundle: boolean, action: VersionAction): Promise<VersionFacts> {
  const needed = factsNeeded(action);
  return {
    ...noFacts,
    blockedBy: storage && needed.includes('blockedBy') ? await blockedBy(db, storage, v, isBundle) : null,
    unlisted: needed.includes('unlisted') ? listingIncomplete(v, isBundle, false) : null,
    cannotSell: needed.includes('cannotSell') ? await appCannotSell(db, v.appId) : null,
  };
}

/** How many versions an app has (an update's listing also says what changed). */
export async function versionCount(db: Db, appId: string) {
  const [row] = await db.select({ n: count() }).from(appVersions).where(eq(appVersions.appId, appId));
  return row?.n ?? 0;
}

/** What a version lacks for review (apps only: a bundle's listing is its own), in words; an update's change log with `isUpdate`. */
export const listingIncomplete = (v: VersionRow, isBundle: boolean, isUpdate: boolean) => (isBundle ? null : incompleteText(submissionGaps(v, isUpdate)));

/**
 * `blockedBy` for the versions lists: a version whose findings cannot be read (its stored package unreadable for a
 * moment) holds back what a finding could, saying so, rather than failing the whole list.
 */
export const blockedByOrUnread = (db: Db, storage: Storage, v: VersionRow, isBundle: boolean) => blockedBy(db, storage, v, isBundle).catch(() => CHECKS_UNREAD);
