import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { submissionGaps, type ChangesInput, type DetailsInput, type InfoInput, type VersionStatus } from '../../contract/schemas/app';
import { contentEditable, lifecycleSnapshot, listingWritable } from '../../machines/app-version-lifecycle';
import { readOnlyReason } from '../../machines/read-only';
import type { Db } from '../db/client';
import { appVersions, apps, categories } from '../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../errors';
import { transitionVersion } from './lifecycle';
import { blockedBy, versionCount } from './version-facts';
import { renderVersionTexts, type VersionTexts } from '../catalog/markdown-texts';
import type { Storage } from '../kernel/storage';

type Version = typeof appVersions.$inferSelect;
/** A version the gate authorized (server/kernel/plugins/access.ts): its app and its internal id. */
/** The version a request writes (the gate authorized it), and its publisher (whose turn at the Markdown renderer it takes). */
export type Owner = { appId: string; internalId: string; publisherId?: string };

/** The version as stored now (its row is read again: a write is conditional on what it read). */
async function storedVersion(db: Db, o: Owner): Promise<Version> {
  const [row] = await db
    .select()
    .from(appVersions)
    .where(and(eq(appVersions.appId, o.appId), eq(appVersions.internalId, o.internalId)));
  if (!row) throw notFound('App version');
  return row;
}

/** What a write changes: the version's listing, or what only its review may see change (the change log). */
export type WriteKind = 'listing' | 'content';

/**
 * The one gate of every write to a version (listing, change log, screenshots): a version of this publisher's, in a
 * status where the lifecycle machine offers SAVE_LISTING (listing) or SAVE (change log) to its publisher; else 409,
 * as for a status change the machine refuses, saying what may change instead.
 */
export async function writableVersion(db: Db, o: Owner, kind: WriteKind = 'content'): Promise<Version> {
  const v = await storedVersion(db, o);
  const [app] = await db.select({ isBundle: apps.isBundle }).from(apps).where(eq(apps.id, o.appId));
  const status = v.status as VersionStatus;
  const isBundle = !!app?.isBundle;
  const newer = kind === 'listing' ? await newerVersion(db, v) : null;
  const writable = kind === 'listing' ? listingWritable(status, isBundle, newer) : contentEditable(status, isBundle);
  // The words Edit info and the Listing section show (machines/read-only.ts), with the same reading of the machine.
  if (!writable) throw conflict('version_locked', readOnlyReason(kind === 'listing' ? 'info' : 'changes', { ...v, status, isBundle }, newer)!);
  return v;
}

/** The number of the app's version made after `v`, if any (an update on its way carries the listing from there on). */
async function newerVersion(db: Db, v: Version) {
  const [row] = await db
    .select({ version: appVersions.version })
    .from(appVersions)
    // Compared in the database, at its precision (a JavaScript Date keeps milliseconds; PostgreSQL, microseconds).
    .where(
      and(
        eq(appVersions.appId, v.appId),
        ne(appVersions.internalId, v.internalId),
        gt(appVersions.createdDate, db.select({ at: appVersions.createdDate }).from(appVersions).where(eq(appVersions.internalId, v.internalId))),
      ),
    )
    .orderBy(desc(appVersions.createdDate))
    .limit(1);
  return row?.version ?? null;
}

/** Writes a version's content; its Markdown texts among them (`texts`) with their HTML, rendered once the version is known to be writable. */
async function update(db: Db, o: Owner, kind: WriteKind, set: Partial<Version>, texts: VersionTexts = {}) {
  let html: Awaited<ReturnType<typeof renderVersionTexts>> | null = null;
  // Conditional on the status it checked. When the status moved meanwhile, the write is judged again on the new one:
  // a compile finishing (compiling → compiled) leaves the listing writable and the write goes through; a
  // concurrent submit wins, and this write answers 409 with the locked version's reason.
  for (let attempt = 0; attempt < 3; attempt++) {
    const v = await writableVersion(db, o, kind);
    html ??= await renderVersionTexts(texts, { publisherId: o.publisherId });
    const [updated] = await db
      .update(appVersions)
      .set({ ...set, ...html, modifiedDate: new Date() })
      .where(and(eq(appVersions.internalId, o.internalId), eq(appVersions.status, v.status)))
      .returning();
    if (!updated) continue;
    await db.update(apps).set({ modifiedAt: new Date() }).where(eq(apps.id, o.appId));
    return updated;
  }
  throw conflict('status_changed', 'The version changed while this request was made; reload and try again.');
}

/** Categories must be ones the marketplace has (Enterprise is refused by the schema). */
export async function setDetails(db: Db, o: Owner, input: z.infer<typeof DetailsInput>) {
  const known = new Set((await db.select({ title: categories.title }).from(categories)).map((c) => c.title));
  const unknown = input.categories.filter((c) => !known.has(c));
  if (unknown.length)
    throw badRequest(`Unknown categories: ${unknown.join(', ')}.`, [{ path: 'categories', message: `Unknown categories: ${unknown.join(', ')}.` }]);
  return update(db, o, 'listing', { categories: [...new Set(input.categories)], languages: [...new Set(input.languages)] });
}

export const setInfo = (db: Db, o: Owner, input: z.infer<typeof InfoInput>) => update(db, o, 'listing', input, { description: input.description });
export const setChanges = (db: Db, o: Owner, input: z.infer<typeof ChangesInput>) => update(db, o, 'content', input, { changesNote: input.changesNote });

/**
 * Submit for review (the wizard's last step, or Submit for review on a version): the version must be
 * complete — the same rules as the wizard's forms — and compiled; then SUBMIT goes through the machine.
 */
export async function submitVersion(db: Db, storage: Storage, o: Owner) {
  const v = await storedVersion(db, o);
  const [app] = await db.select({ isBundle: apps.isBundle }).from(apps).where(eq(apps.id, o.appId));
  if (!lifecycleSnapshot(v.status as VersionStatus, { actor: 'publisher', isBundle: !!app?.isBundle }).can({ type: 'SUBMIT' })) {
    // The machine refuses; say why in the words that help most.
    if (v.status === 'compiling') throw conflict('still_compiling', 'The package is still compiling: submit it once it has compiled.');
    if (v.status === 'compiler-error') throw conflict('compile_failed', 'The package did not compile: upload a revision that compiles.');
    throw conflict('invalid_transition', `A version that is ${v.status} cannot be submitted for review.`);
  }
  // What the one rule of a version's actions holds back first (machines/version-actions.ts): a check that blocks it.
  const blocked = await blockedBy(db, storage, v, !!app?.isBundle);
  if (blocked) throw conflict('blocked_by_check', blocked);
  // An update says what changed (the first version has nothing to compare with).
  const fields = submissionGaps(v, (await versionCount(db, o.appId)) > 1);
  // 400 with each field (what the wizard's forms say), coded as the one rule of a version's actions names it.
  if (fields.length) throw new HttpError(400, 'listing_incomplete', 'The version is not ready for review.', fields);
  // A publish check's blocking finding (docs/packages-and-review.md, Publish checks) refuses it in the transition, whatever the client showed.
  return transitionVersion(db, { appId: o.appId, internalId: o.internalId, actor: 'publisher', event: { type: 'SUBMIT' }, storage });
}
