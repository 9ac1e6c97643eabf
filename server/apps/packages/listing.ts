import type { Storage } from '../../kernel/storage';
import { newId } from '../../db/ids';
import type { Tx } from '../../db/client';
import { appVersions, screenshots } from '../../db/schema';
import { shortDescriptionFrom } from './short-description';

type VersionRow = typeof appVersions.$inferSelect;

/**
 * What a new version of an app starts from (docs/packages-and-review.md, The listing): the listing of the version
 * before it — categories, languages, privacy summary, documentation URL, and the short and long descriptions the
 * publisher wrote — so an update asks only for what changed. A description the publisher never wrote (still the
 * manifest's) follows the new manifest. `previous`: the app's newest version; none for a new app.
 */
export function listingFrom(previous: VersionRow | undefined, manifestDescription: string) {
  const fromManifest = { shortDescription: shortDescriptionFrom(manifestDescription), description: manifestDescription };
  if (!previous) return { fields: fromManifest, descriptionHtml: null };
  const earlier = typeof previous.manifest.description === 'string' ? previous.manifest.description : '';
  const wroteDescription = previous.description !== earlier;
  const wroteShort = previous.shortDescription !== shortDescriptionFrom(earlier);
  return {
    fields: {
      categories: previous.categories,
      languages: previous.languages,
      privacyPolicySummary: previous.privacyPolicySummary,
      documentationUrl: previous.documentationUrl,
      shortDescription: wroteShort ? previous.shortDescription : fromManifest.shortDescription,
      description: wroteDescription ? previous.description : fromManifest.description,
    },
    /** The publisher's description keeps its rendered HTML (null in a row: rendered by the background backfill); else none yet. */
    descriptionHtml: wroteDescription ? { descriptionHtml: previous.descriptionHtml } : null,
  };
}

/**
 * The previous version's screenshots (`rows`, in their order), copied to the new version in that order with their
 * captions: each file stored anew, so that removing one from either version leaves the other's. Returns the rows to
 * insert and the stored paths (removed by the caller if the version is not stored after all).
 */
export async function copyScreenshots(storage: Storage, rows: (typeof screenshots.$inferSelect)[], appId: string, internalId: string) {
  const stored: string[] = [];
  const start = Date.now();
  try {
    const copies = [];
    for (const [i, s] of rows.entries()) {
      const id = newId();
      const path = `screenshots/${appId}/${id}.${s.storagePath.split('.').at(-1)}`;
      await storage.put(path, await storage.get(s.storagePath));
      stored.push(path);
      // Positions 0, 1, 2 … in the previous order (gaps a removal left are closed), and one moment apart as well.
      copies.push({ id, appId, internalId, fileName: s.fileName, storagePath: path, position: i, caption: s.caption, createdAt: new Date(start + i) });
    }
    return { copies, stored };
  } catch (e) {
    await Promise.all(stored.map((p) => storage.remove(p).catch(() => undefined)));
    throw e;
  }
}

/** Inserts the copied screenshots in the new version's transaction. */
export async function insertScreenshots(tx: Tx, copies: Awaited<ReturnType<typeof copyScreenshots>>['copies']) {
  if (copies.length) await tx.insert(screenshots).values(copies);
}
