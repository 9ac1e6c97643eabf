import { desc, eq } from 'drizzle-orm';
import semver from 'semver';
import type { VersionStatus } from '../../../contract/schemas/app';
import { lifecycleSnapshot } from '../../../machines/app-version-lifecycle';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { appVersions, apps, compileJobs, prices, screenshots } from '../../db/schema';
import { HttpError, conflict } from '../../errors';
import { COMPILE_JOB } from '../compile/job';
import { enqueue } from '../../kernel/jobs';
import type { Storage } from '../../kernel/storage';
import { statusAfter, transitionVersion } from '../lifecycle';
import { renderVersionTexts } from '../../catalog/markdown-texts';
import { readIcon } from './icon';
import { copyScreenshots, insertScreenshots, listingFrom } from './listing';
import { screenshotOrder } from '../screenshots';
import { readManifest, type Manifest } from './manifest';
import { readZip } from './zip';

const term = { enabled: false, price: 0, stripePriceId: '', isSeatBased: false, tiers: [] };

/** What a package sets on its version (a revision replaces them; the publisher's own details stay). */
const fromPackage = (manifest: Manifest, icon: { iconData: string; thumbnail: string }, packagePath: string, compileJobId: string) => ({
  name: manifest.name,
  nameSlug: manifest.nameSlug,
  iconFileData: icon.iconData,
  iconThumbData: icon.thumbnail,
  author: manifest.author,
  requiredApiVersion: manifest.requiredApiVersion,
  manifest: manifest as unknown as Record<string, unknown>,
  compileJobId,
  packagePath,
  compiled: false,
  compiledPath: '',
});

/**
 * A new app (first version), a new version of an app the publisher owns, or a revision of one of its
 * versions, from an uploaded package. A revision is an upload with the number of a version that was not yet
 * submitted, failed to compile, was sent back by a reviewer, or was refused (where the lifecycle machine offers
 * UPLOAD_REVISION, docs/lifecycle.md): that version gets the new package and a new compile job, whose checks run
 * again (earlier jobs stay in its history); its listing stays. A greater number is a new version;
 * anything else is refused. Every check runs before anything is written; then the package is stored and
 * the rows written in one transaction (the stored file is removed if that fails).
 */
export async function acceptPackage(
  db: Db,
  storage: Storage,
  zip: Buffer,
  opts: {
    publisherId: string;
    engineVersion: string;
    /** The app this upload updates, authorized by the gate (server/kernel/plugins/access.ts); none for a new app. */
    updateOf?: string;
    /** Whether the caller may update the existing app of this id (the gate's policy): which 409 a new one gets. */
    mayUpdate?: (appId: string) => Promise<boolean>;
    /** What the submission sets on the version besides the package (the Apps CLI's categories and change note). */
    versionFields?: { categories?: string[]; changesNote?: string };
  },
): Promise<{ appId: string; internalId: string; compileJobId: string }> {
  const files = await readZip(zip);
  const { manifest, icon: iconBytes } = readManifest(files, opts.engineVersion);
  const icon = await readIcon(manifest.iconFile, iconBytes);
  if (opts.updateOf && manifest.id !== opts.updateOf) {
    throw new HttpError(400, 'manifest_invalid', `app.json's id ${manifest.id} is not this app's (${opts.updateOf}).`, [
      { path: 'app.json.id', message: 'This is another app.' },
    ]);
  }
  const [existing] = await db.select().from(apps).where(eq(apps.id, manifest.id));
  // A new app's id must be free: the caller's own app is to be updated instead; anyone else's is taken.
  if (existing && !opts.updateOf) {
    throw (await opts.mayUpdate?.(existing.id))
      ? conflict('app_exists', 'This app exists already: upload an update for it instead.')
      : conflict('app_id_taken', 'An app with this id belongs to another publisher.');
  }
  if (!existing && opts.updateOf) throw new HttpError(404, 'not_found', 'App not found.');
  let revised: typeof appVersions.$inferSelect | undefined;
  let latest: typeof appVersions.$inferSelect | undefined;
  if (existing) {
    const versions = await db.select().from(appVersions).where(eq(appVersions.appId, manifest.id)).orderBy(desc(appVersions.createdDate));
    revised = versions.find((v) => semver.valid(v.version) && semver.eq(v.version, manifest.version));
    latest = versions[0];
    if (revised) {
      const snapshot = lifecycleSnapshot(revised.status as VersionStatus, { actor: 'publisher', isBundle: existing.isBundle });
      if (!snapshot.can({ type: 'UPLOAD_REVISION' })) {
        throw conflict(
          'version_not_revisable',
          `Version ${revised.version} is ${revised.status}: only a version not yet submitted, sent back by a reviewer, refused, or that failed to compile can be revised. Upload a greater version.`,
        );
      }
    } else if (latest && !semver.gt(manifest.version, latest.version)) {
      throw conflict('version_not_newer', `The update's version ${manifest.version} must be greater than ${latest.version}.`);
    }
  }
  // The texts' HTML, rendered now (a text that cannot be rendered is refused before anything is stored): a new
  // version's description (the manifest's; a revision keeps the publisher's own), and the Apps CLI's change note.
  const publisherId = opts.publisherId;
  // A new version starts from the listing of the one before it (an update asks only for what changed).
  const listing = listingFrom(revised ? undefined : latest, manifest.description);
  const descriptionHtml = revised
    ? {}
    : (listing.descriptionHtml ??
      (await renderVersionTexts(
        { description: manifest.description },
        { paths: { description: 'app.json.description' }, code: 'manifest_invalid', publisherId },
      )));
  const changes = opts.versionFields?.changesNote;
  const changesNoteHtml = changes === undefined ? {} : await renderVersionTexts({ changesNote: changes }, { paths: { changesNote: 'changes' }, publisherId });
  const versionFields = { ...opts.versionFields, ...changesNoteHtml };
  const internalId = revised?.internalId ?? newId();
  const compileJobId = newId();
  const packagePath = `packages/${manifest.id}/${internalId}${revised ? `.${compileJobId}` : ''}.zip`;
  // The previous version's screenshots, stored anew for this one (an update's listing keeps them).
  const shots =
    !revised && latest
      ? await copyScreenshots(
          storage,
          await db
            .select()
            .from(screenshots)
            .where(eq(screenshots.internalId, latest.internalId))
            .orderBy(...screenshotOrder),
          manifest.id,
          internalId,
        )
      : { copies: [], stored: [] };
  await storage.put(packagePath, zip);
  const queueCompile = async (tx: Tx) => {
    await tx.insert(compileJobs).values({ id: compileJobId, internalAppId: internalId, appId: manifest.id });
    await enqueue(tx, COMPILE_JOB, { compileJobId });
  };
  try {
    if (revised) {
      await transitionVersion(db, {
        appId: manifest.id,
        internalId,
        actor: 'publisher',
        event: { type: 'UPLOAD_REVISION' },
        afterChange: async (tx, updated) => {
          await queueCompile(tx);
          const [row] = await tx
            .update(appVersions)
            // The notes and citations were about the package this one replaces (the activity log keeps them).
            .set({ ...fromPackage(manifest, icon, packagePath, compileJobId), ...versionFields, rejectionNote: '', reviewedNote: '', reviewCitations: [] })
            .where(eq(appVersions.internalId, updated.internalId))
            .returning();
          return row!;
        },
      });
      return { appId: manifest.id, internalId, compileJobId };
    }
    await db.transaction(async (tx) => {
      if (!existing) {
        const priceId = newId();
        await tx.insert(apps).values({ id: manifest.id, publisherId: opts.publisherId, purchaseType: 'buy', price: 0, currentPricingId: priceId });
        await tx.insert(prices).values({ id: priceId, appId: manifest.id, name: 'Free', type: 'free', active: true, buyPrice: 0, monthly: term, yearly: term });
      } else {
        await tx.update(apps).set({ modifiedAt: new Date() }).where(eq(apps.id, manifest.id));
      }
      await tx.insert(appVersions).values({
        internalId,
        appId: manifest.id,
        version: manifest.version,
        // A new version is the machine's draft, compiled at once by the system: the machine names its status.
        status: statusAfter('draft', { actor: 'system', isBundle: false }, { type: 'COMPILE' }),
        ...listing.fields,
        ...descriptionHtml,
        // No change note yet (the change-log step, or the CLI's `changes`, writes one with its HTML).
        changesNoteHtml: '',
        ...fromPackage(manifest, icon, packagePath, compileJobId),
        ...versionFields,
      });
      await insertScreenshots(tx, shots.copies);
      await queueCompile(tx);
    });
  } catch (e) {
    await Promise.all([packagePath, ...shots.stored].map((p) => storage.remove(p).catch(() => undefined)));
    throw e;
  }
  return { appId: manifest.id, internalId, compileJobId };
}
