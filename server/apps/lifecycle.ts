import { and, eq, ne } from 'drizzle-orm';
import { getNextSnapshot } from 'xstate';
import { REJECTION_REASON_MESSAGE, type VersionStatus } from '../../contract/schemas/app';
import { isWaitingForReview, type Citation } from '../../contract/schemas/review';
import { lifecycleSnapshot, type LifecycleActor, type LifecycleContext, type LifecycleEvent, type VersionAction } from '../../machines/app-version-lifecycle';
import { versionActionsFor } from '../../machines/version-actions';
import type { Db, Tx } from '../db/client';
import { appVersions, apps, featuredApps } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { logActivity, type Staff } from '../kernel/activity';
import { queueNotification } from '../mail/notify';
import type { Storage } from '../kernel/storage';
import { versionFacts } from './version-facts';

/** REJECT with its reason; a missing reason is a 400 naming the field (publisher and staff alike). */
export function rejectEvent(reason: string | undefined): LifecycleEvent {
  if (!reason) throw badRequest(REJECTION_REASON_MESSAGE, [{ path: 'rejectionReason', message: REJECTION_REASON_MESSAGE }]);
  return { type: 'REJECT', reason };
}

/**
 * The status `event` takes a version in `status` to, as the machine says (a conflict where it refuses): for
 * the rows a change writes before they are stored (a new upload is a draft the system compiles at once).
 */
export function statusAfter(status: VersionStatus, context: LifecycleContext, event: LifecycleEvent): VersionStatus {
  const snapshot = lifecycleSnapshot(status, context);
  if (!snapshot.can(event)) throw conflict('invalid_transition', `A version that is ${status} cannot take ${event.type}.`);
  return getNextSnapshot(snapshot.machine, snapshot, event).value as VersionStatus;
}

export type TransitionRequest = {
  appId: string;
  internalId: string;
  actor: LifecycleActor;
  event: LifecycleEvent;
  /** Who, for the activity log of staff actions. */
  by?: Staff;
  /** What a REJECT's or REVIEW's note cites (findings, diff lines): kept with the note. */
  citations?: Citation[];
  /** Where the packages are: the publish checks' findings are read from there for the actions a blocking one holds back. */
  storage?: Storage;
  /** More writes that belong to the change (e.g. queueing a compile), in its transaction. */
  afterChange?: (tx: Tx, updated: typeof appVersions.$inferSelect) => Promise<typeof appVersions.$inferSelect>;
};

/**
 * Applies a lifecycle event to a stored version: the machine decides from the stored status and the
 * caller's kind; the write is conditional on the status it read, so concurrent requests on one version
 * give one success and 409 for the rest. Staff actions are written to the app's activity log; the notice
 * the change gives the publisher is queued with it (mailed once it has committed).
 */
export async function transitionVersion(db: Db, req: TransitionRequest) {
  const [row] = await db
    .select({ version: appVersions, isBundle: apps.isBundle })
    .from(appVersions)
    .innerJoin(apps, eq(apps.id, appVersions.appId))
    .where(and(eq(appVersions.internalId, req.internalId), eq(appVersions.appId, req.appId)));
  if (!row) throw notFound('App version');
  const status = row.version.status as VersionStatus;
  const snapshot = lifecycleSnapshot(status, { actor: req.actor, isBundle: row.isBundle });
  if (!snapshot.can(req.event)) {
    throw conflict(
      'invalid_transition',
      `A version that is ${status} cannot take ${req.event.type} from ${req.actor === 'staff' ? 'staff' : 'its publisher'}.`,
    );
  }
  const next = getNextSnapshot(snapshot.machine, snapshot, req.event).value as VersionStatus;
  // The one rule of a version's actions (machines/version-actions.ts): what the facts hold back is refused with
  // its reason — a check that blocks, an app nobody could pay for yet — as the screens hold it back.
  const action = req.event.type as VersionAction;
  const facts = await versionFacts(db, req.storage, row.version, row.isBundle, action);
  const held = versionActionsFor(status, { actor: req.actor, isBundle: row.isBundle }, facts).withheld.find((w) => w.action === action);
  if (held) throw conflict(held.code, held.reason);
  const notes = req.event.type === 'REJECT' ? { rejectionNote: req.event.reason } : req.event.type === 'REVIEW' ? { reviewedNote: req.event.note } : {};
  const cited = req.event.type === 'REJECT' || req.event.type === 'REVIEW' ? { reviewCitations: req.citations ?? [] } : {};
  // Entering review starts its wait (the queue's order) with nobody assigned yet.
  const review = isWaitingForReview(next) && !isWaitingForReview(status) ? { submittedAt: new Date(), reviewAssigneeId: null } : {};
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(appVersions)
      .set({ status: next, modifiedDate: new Date(), ...notes, ...cited, ...review })
      .where(and(eq(appVersions.internalId, req.internalId), eq(appVersions.status, status)))
      .returning();
    if (!updated) throw conflict('status_changed', 'The version changed while this request was made; reload and try again.');
    await tx.update(apps).set({ modifiedAt: new Date() }).where(eq(apps.id, req.appId));
    const final = req.afterChange ? await req.afterChange(tx, updated) : updated;
    // An app that stops being published (no published version left) leaves every featured section.
    if (status === 'published' && next !== 'published') {
      const [stillPublished] = await tx
        .select({ id: appVersions.internalId })
        .from(appVersions)
        .where(and(eq(appVersions.appId, req.appId), eq(appVersions.status, 'published'), ne(appVersions.internalId, req.internalId)))
        .limit(1);
      if (!stillPublished) await tx.delete(featuredApps).where(eq(featuredApps.appId, req.appId));
    }
    await queueNotification(tx, req.appId, req.internalId, req.event);
    if (req.actor === 'staff' && req.by) {
      await logActivity(tx, req.appId, req.by, req.event.type.toLowerCase().replace('_', '-'), { version: updated.version, from: status, to: next, ...notes });
    }
    return { updated: final, isBundle: row.isBundle };
  });
}
