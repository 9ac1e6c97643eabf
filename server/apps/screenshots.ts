import { and, asc, count, eq, max } from 'drizzle-orm';
import { LISTING_TEXT, type ScreenshotOrderInput } from '../../contract/schemas/listing';
import type { Db, Tx } from '../db/client';
import { newId } from '../db/ids';
import { appVersions, screenshots } from '../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../errors';
import { probeImage, reencodeImage, SCREENSHOT_LIMITS } from '../kernel/images';
import type { Storage } from '../kernel/storage';
import { writableVersion, type Owner } from './version-info';

/**
 * A version's screenshots (docs/packages-and-review.md, The listing): uploaded, listed in the order the publisher
 * puts them (`position`, then when they were added), captioned, reordered and removed — each write where the
 * lifecycle machine offers SAVE_LISTING to the publisher (`writableVersion(…, 'listing')`, else 409).
 */

type Row = typeof screenshots.$inferSelect;
export type UploadedFile = { fileName: string; data: Buffer };

/** The order of a version's screenshots wherever they are listed (the portal, the catalog, the reviewer's view, an update's copy). */
export const screenshotOrder = [asc(screenshots.position), asc(screenshots.createdAt), asc(screenshots.id)] as const;

export const screenshotUrl = (s: { appId: string; id: string; storagePath: string }) =>
  `/media/screenshots/${encodeURIComponent(s.appId)}/${s.storagePath.split('/').at(-1)}`;

const toScreenshot = (s: Row) => ({
  id: s.id,
  appId: s.appId,
  fileName: s.fileName,
  thumbnailUrl: screenshotUrl(s),
  caption: s.caption,
  position: s.position,
});

export async function listScreenshots(db: Db, o: Owner) {
  const rows = await db
    .select()
    .from(screenshots)
    .where(eq(screenshots.internalId, o.internalId))
    .orderBy(...screenshotOrder);
  return rows.map(toScreenshot);
}

/**
 * The version's row locked for this transaction, and still one whose listing may change: the screenshots' writes of
 * one version follow each other (an upload's positions, a new order), and a status change waits for them.
 */
async function lockedListing(tx: Tx, o: Owner) {
  await tx
    .select({ id: appVersions.internalId })
    .from(appVersions)
    .where(and(eq(appVersions.appId, o.appId), eq(appVersions.internalId, o.internalId)))
    .for('no key update');
  return writableVersion(tx, o, 'listing');
}

/**
 * PNG or JPEG by their bytes, within the size and pixel limits, every file checked before any is stored: first
 * all headers (type and size, nothing decoded), then each decoded and encoded again (see images.ts). The
 * re-encoded bytes are what is stored: no EXIF, nothing after the image. New screenshots go last, in the order sent.
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
    const rows = await db.transaction(async (tx) => {
      // Still writable now that the files are stored (a submit may have come between), and after the last one there.
      await lockedListing(tx, o);
      const [last] = await tx
        .select({ n: count(), p: max(screenshots.position) })
        .from(screenshots)
        .where(eq(screenshots.internalId, o.internalId));
      // Counted again under the lock: two uploads at once do not pass the limit together.
      if ((last?.n ?? 0) + files.length > L.perVersion) throw conflict('too_many_screenshots', `A version has at most ${L.perVersion} screenshots.`);
      const first = last?.p === null || last?.p === undefined ? 0 : last.p + 1;
      // One moment apart too, in the order sent (rows made in one statement would otherwise share one).
      const at = Date.now();
      return tx
        .insert(screenshots)
        .values(
          checked.map((c, i) => ({
            id: c.id,
            appId: o.appId,
            internalId: o.internalId,
            fileName: c.fileName.slice(0, 200),
            storagePath: stored[i]!,
            position: first + i,
            createdAt: new Date(at + i),
          })),
        )
        .returning();
    });
    return rows.map(toScreenshot);
  } catch (e) {
    await Promise.all(stored.map((p) => storage.remove(p).catch(() => undefined)));
    throw e;
  }
}

/** Removes a screenshot the gate authorized, while its version may still be changed (the others keep their order). */
export async function deleteScreenshot(db: Db, storage: Storage, screenshot: Row) {
  // Under the version's lock, as the other screenshot writes: a submission waits for it, or it sees the submission.
  await db.transaction(async (tx) => {
    await lockedListing(tx, { appId: screenshot.appId, internalId: screenshot.internalId });
    await tx.delete(screenshots).where(eq(screenshots.id, screenshot.id));
  });
  await storage.remove(screenshot.storagePath).catch(() => undefined);
}

/**
 * Puts the version's screenshots in the order `ids` names them: each of them exactly once, else 400 and nothing
 * changes. Positions become 0, 1, 2 … in that order.
 */
export async function reorderScreenshots(db: Db, o: Owner, input: ScreenshotOrderInput) {
  await db.transaction(async (tx) => {
    await lockedListing(tx, o);
    const rows = await tx.select({ id: screenshots.id, position: screenshots.position }).from(screenshots).where(eq(screenshots.internalId, o.internalId));
    const have = new Set(rows.map((r) => r.id));
    if (input.ids.length !== rows.length || !input.ids.every((id) => have.has(id))) {
      const message = `${LISTING_TEXT.order} This version has ${rows.length === 1 ? '1 screenshot' : `${rows.length} screenshots`}.`;
      throw badRequest(message, [{ path: 'ids', message }]);
    }
    const at = new Map(rows.map((r) => [r.id, r.position]));
    for (const [position, id] of input.ids.entries()) {
      if (at.get(id) !== position) await tx.update(screenshots).set({ position }).where(eq(screenshots.id, id));
    }
  });
  return listScreenshots(db, o);
}

/** Sets the caption of a screenshot the gate authorized (of the version the path names), while its listing may change. */
export async function captionScreenshot(db: Db, screenshot: Row, caption: string) {
  const o = { appId: screenshot.appId, internalId: screenshot.internalId };
  const [updated] = await db.transaction(async (tx) => {
    await lockedListing(tx, o);
    return tx.update(screenshots).set({ caption }).where(eq(screenshots.id, screenshot.id)).returning();
  });
  // Removed meanwhile.
  if (!updated) throw notFound('Screenshot');
  return toScreenshot(updated);
}
