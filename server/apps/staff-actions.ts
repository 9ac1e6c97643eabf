import type { Storage } from '../kernel/storage';
import { checkedCitations } from './review/citations';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { REVIEW_NOTE_MESSAGE, type AdminActionInput } from '../../contract/schemas/app';
import type { LifecycleEvent } from '../../machines/app-version-lifecycle';
import type { Db, Tx } from '../db/client';
import { newId } from '../db/ids';
import { appVersions, apps, compileJobs } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { logActivity, type Staff } from '../kernel/activity';
import { COMPILE_JOB } from './compile/job';
import { enqueue } from '../kernel/jobs';
import { rejectEvent, transitionVersion } from './lifecycle';

/** A staff action code of SPEC §4 (with its fields) as a lifecycle event; a missing reason or note is a 400. */
export function staffEvent(input: z.infer<typeof AdminActionInput>): LifecycleEvent {
  switch (input.action) {
    case 'reject':
      return rejectEvent(input.rejectionReason);
    case 'review':
      if (!input.reviewNote) throw badRequest(REVIEW_NOTE_MESSAGE, [{ path: 'reviewNote', message: REVIEW_NOTE_MESSAGE }]);
      return { type: 'REVIEW', note: input.reviewNote };
    case 'approve':
      return { type: 'APPROVE' };
    case 'make-draft':
      return { type: 'MAKE_DRAFT' };
    case 'publish':
      return { type: 'PUBLISH' };
    case 'unpublish':
      return { type: 'UNPUBLISH' };
    case 'compile':
      return { type: 'COMPILE' };
  }
}

/**
 * A staff status change through the lifecycle machine. Queue compile also records a new compile job and
 * queues it for the worker in the same transaction as the status change; a version without a stored
 * package (demo data) cannot be compiled.
 */
export async function staffVersionAction(db: Db, storage: Storage, appId: string, internalId: string, input: z.infer<typeof AdminActionInput>, by: Staff) {
  const event = staffEvent(input);
  // What the note cites is checked against the version's findings and packages, its lines' text read from there.
  const citations =
    input.citations?.length && (event.type === 'REJECT' || event.type === 'REVIEW')
      ? await checkedCitations(db, storage, appId, internalId, input.citations)
      : undefined;
  let afterChange: ((tx: Tx, version: typeof appVersions.$inferSelect) => Promise<typeof appVersions.$inferSelect>) | undefined;
  if (event.type === 'COMPILE') {
    const [v] = await db
      .select({ packagePath: appVersions.packagePath })
      .from(appVersions)
      .where(and(eq(appVersions.appId, appId), eq(appVersions.internalId, internalId)));
    if (!v) throw notFound('App version');
    if (!v.packagePath) throw conflict('no_package', 'This version has no stored package to compile.');
    afterChange = async (tx, version) => {
      const compileJobId = newId();
      await tx.insert(compileJobs).values({ id: compileJobId, internalAppId: version.internalId, appId: version.appId });
      const [queued] = await tx.update(appVersions).set({ compileJobId, compiled: false }).where(eq(appVersions.internalId, version.internalId)).returning();
      await enqueue(tx, COMPILE_JOB, { compileJobId });
      return queued!;
    };
  }
  return transitionVersion(db, { appId, internalId, actor: 'staff', event, by, afterChange, citations, storage });
}

type Flag = 'enterpriseOnly' | 'usageBased';

/** Premium-only and usage-based are one-way: the update is conditional on the flag being unset (else 409). */
export async function setIrreversibleFlag(db: Db, appId: string, flag: Flag, value: { addonTierId?: string; priceOverride?: number }, by: Staff) {
  return db.transaction(async (tx) => {
    const set =
      flag === 'enterpriseOnly'
        ? { isEnterpriseOnly: true, enterpriseAddonTierId: value.addonTierId ?? '' }
        : { isUsageBased: true, usagePriceOverride: value.priceOverride ?? null };
    const column = flag === 'enterpriseOnly' ? apps.isEnterpriseOnly : apps.isUsageBased;
    const [updated] = await tx
      .update(apps)
      .set({ ...set, modifiedAt: new Date() })
      .where(and(eq(apps.id, appId), eq(column, false)))
      .returning({ id: apps.id });
    if (!updated) {
      const [exists] = await tx.select({ id: apps.id }).from(apps).where(eq(apps.id, appId));
      if (!exists) throw notFound('App');
      throw conflict('already_set', flag === 'enterpriseOnly' ? 'This app is premium-only already.' : 'This app is usage-based already.');
    }
    await logActivity(tx, appId, by, flag === 'enterpriseOnly' ? 'make-premium-only' : 'make-usage-based', value);
  });
}
