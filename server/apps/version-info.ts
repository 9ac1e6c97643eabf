import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { submissionGaps, type ChangesInput, type DetailsInput, type InfoInput, type VersionStatus } from '../../contract/schemas/app';
import { contentEditable, lifecycleSnapshot, listingEditable } from '../../machines/app-version-lifecycle';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { appVersions, apps, categories, screenshots } from '../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../errors';
import { probeImage, reencodeImage, SCREENSHOT_LIMITS } from '../kernel/images';
import { transitionVersion } from './lifecycle';
import { blockedBy, versionCount } from './version-facts';
import { renderVersionTexts, type VersionTexts } from '../catalog/markdown-texts';
import type { Storage } from '../kernel/storage';

type Version = typeof appVersions.$inferSelect;
/** A version the gate authorized (server/kernel/plugins/access.ts): its app and its internal id. */
/** The version a request writes (the gate authorized it), and its publisher (whose turn at the Markdown renderer it takes). */
type Owner = { appId: string; internalId: string; publisherId?: string };

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
  if (kind === 'listing' ? !listingEditable(status, isBundle) : !contentEditable(status, isBundle)) {
    throw conflict('version_locked', lockedReason(status, kind, listingEditable(status, isBundle)));
  }
  return v;
}

/** Why a write is refused on a version in `status`: what may change there instead, if anything. */
export const lockedReason = (status: VersionStatus, kind: WriteKind, listingOpen: boolean) =>
  kind === 'content' && listingOpen
    ? `A version that is ${status} keeps the change log its review saw; its listing can still change. Upload an update to change the rest.`
    : `A version that is ${status} cannot be changed: upload an update to change its details.`;

/** Writes a version's content; its Markdown texts among them (`texts`) with their HTML, rendered once the version is known to be writable. */
async function update(db: Db, o: Owner, kind: WriteKind, set: Partial<Version>, texts: VersionTexts = {}) {
  const v = await writableVersion(db, o, kind);
  const html = await renderVersionTexts(texts, { publisherId: o.publisherId });
  // Conditional on the status it checked: a concurrent submit wins, this write answers 409.
  const [updated] = await db
    .update(appVersions)
    .set({ ...set, ...html, modifiedDate: new Date() })
    .where(and(eq(appVersions.internalId, o.internalId), eq(appVersions.status, v.status)))
    .returning();
  if (!updated) throw conflict('status_changed', 'The version changed while this request was made; reload and try again.');
  await db.update(apps).set({ modifiedAt: new Date() }).where(eq(apps.id, o.appId));
  return updated;
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

export type UploadedFile = { fileName: string; data: Buffer };

export const screenshotUrl = (s: { appId: string; id: string; storagePath: string }) =>
  `/media/screenshots/${encodeURIComponent(s.appId)}/${s.storagePath.split('/').at(-1)}`;

const toScreenshot = (s: typeof screenshots.$inferSelect) => ({ id: s.id, appId: s.appId, fileName: s.fileName, thumbnailUrl: screenshotUrl(s) });

export async function listScreenshots(db: Db, o: Owner) {
  const rows = await db.select().from(screenshots).where(eq(screenshots.internalId, o.internalId)).orderBy(asc(screenshots.createdAt), asc(screenshots.id));
  return rows.map(toScreenshot);
}

/**
 * PNG or JPEG by their bytes, within the size and pixel limits, every file checked before any is stored: first
 * all headers (type and size, nothing decoded), then each decoded and encoded again (see images.ts). The
 * re-encoded bytes are what is stored: no EXIF, nothing after the image.
 */
export async function addScreenshots(db: Db, storage: Storage, o: Owner, receive: () => Promise<UploadedFile[]>) {
  await writableVersion(db, o, 'listing');
  // The files are read only now, once the caller is known to own the version.
  const files = await receive();
  const L = SCREENSHOT_LIMITS;
  if (!files.length || files.length > L.files)
    throw badRequest(`Upload 1 to ${L.files} screenshots at a time.`, [{ path: 'screenshots', message: `Upload 1 to ${L.files} screenshots at a time.` }]);
  const [have] = await db.select({ n: count() }).from(screenshots).where(eq(screenshots.internalId, o.internalId));
  if ((have?.n ?? 0) + files.length > L.perVersion) throw conflict('too_many_screenshots', `A version has at most ${L.perVersion} screenshots.`);
  const notAnImage = (f: UploadedFile, path: string) =>
    badRequest(`${f.fileName} is not a PNG or JPEG image.`, [{ path, message: `${f.fileName} is not a PNG or JPEG image.` }]);
  const probed = await Promise.all(files.map((f) => (f.data.length > L.bytes ? null : probeImage(f.data, ['png', 'jpeg']))));
  const infos = files.map((f, i) => {
    const path = `screenshots.${i}`;
    if (f.data.length > L.bytes)
      throw new HttpError(413, 'screenshot_too_large', `${f.fileName} is larger than 5 MB.`, [{ path, message: `${f.fileName} is larger than 5 MB.` }]);
    const probe = probed[i]!;
    if (!probe.ok) throw notAnImage(f, path);
    const { info } = probe;
    if (info.width > L.side || info.height > L.side || info.width * info.height > L.pixels || info.width < L.minSide || info.height < L.minSide) {
      const message = `${f.fileName} is ${info.width}×${info.height}; screenshots are ${L.minSide} to ${L.side} pixels a side (960×540 or another 16:9 size is best).`;
      throw badRequest(message, [{ path, message }]);
    }
    return info;
  });
  // Decoded with the pixel limit (libvips refuses a header over it before decoding); a truncated or corrupt file does not decode.
  const cleaned = await Promise.all(files.map((f, i) => reencodeImage(f.data, infos[i]!, L.pixels)));
  const checked = files.map((f, i) => {
    const clean = cleaned[i];
    if (!clean) throw notAnImage(f, `screenshots.${i}`);
    return { fileName: f.fileName, clean, id: newId() };
  });
  const stored: string[] = [];
  try {
    for (const c of checked) {
      const path = `screenshots/${o.appId}/${c.id}.${c.clean.type === 'png' ? 'png' : 'jpg'}`;
      await storage.put(path, c.clean.data);
      stored.push(path);
    }
    // One moment apart, in the order sent: a version's screenshots are listed by when they were added, and one
    // statement's rows would otherwise share a moment (and fall back to the order of their random ids).
    const at = Date.now();
    const rows = await db
      .insert(screenshots)
      .values(
        checked.map((c, i) => ({
          id: c.id,
          appId: o.appId,
          internalId: o.internalId,
          fileName: c.fileName.slice(0, 200),
          storagePath: stored[i]!,
          createdAt: new Date(at + i),
        })),
      )
      .returning();
    return rows.map(toScreenshot);
  } catch (e) {
    await Promise.all(stored.map((p) => storage.remove(p).catch(() => undefined)));
    throw e;
  }
}

/** Removes a screenshot the gate authorized, while its version may still be changed. */
export async function deleteScreenshot(db: Db, storage: Storage, screenshot: typeof screenshots.$inferSelect) {
  await writableVersion(db, { appId: screenshot.appId, internalId: screenshot.internalId }, 'listing');
  await db.delete(screenshots).where(eq(screenshots.id, screenshot.id));
  await storage.remove(screenshot.storagePath).catch(() => undefined);
}
