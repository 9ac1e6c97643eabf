import { desc, eq } from 'drizzle-orm';
import semver from 'semver';
import { PACKAGE_FIELD_MESSAGE } from '../../../contract/schemas/app';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { appVersions, apps, compileJobs, prices } from '../../db/schema';
import { HttpError, conflict } from '../../errors';
import { COMPILE_JOB } from '../compile/job';
import { enqueue } from '../jobs';
import type { FileStorage } from '../storage';
import { readManifest } from './manifest';
import { readZip } from './zip';

const term = { enabled: false, price: 0, stripePriceId: '', isSeatBased: false, tiers: [] };

/** The multipart field `app`: exactly one file. */
export function packageFrom(body: unknown): Buffer {
  const app = (body as { app?: unknown } | undefined)?.app;
  if (!Buffer.isBuffer(app)) throw new HttpError(400, 'validation_error', PACKAGE_FIELD_MESSAGE, [{ path: 'app', message: PACKAGE_FIELD_MESSAGE }]);
  return app;
}

/**
 * A new app (first version) or a new version of an app the publisher owns, from an uploaded package.
 * Every check runs before anything is written; then the package is stored, and the app, version, compile
 * job and queued job are written in one transaction (the stored file is removed if that fails).
 */
export async function acceptPackage(
  db: Db,
  storage: FileStorage,
  zip: Buffer,
  opts: { publisherId: string; engineVersion: string; updateOf?: string },
) {
  const files = await readZip(zip);
  const { manifest, iconData } = readManifest(files, opts.engineVersion);
  if (opts.updateOf && manifest.id !== opts.updateOf) {
    throw new HttpError(400, 'manifest_invalid', `app.json's id ${manifest.id} is not this app's (${opts.updateOf}).`, [{ path: 'app.json.id', message: 'This is another app.' }]);
  }
  const [existing] = await db.select().from(apps).where(eq(apps.id, manifest.id));
  if (existing && existing.publisherId !== opts.publisherId) throw conflict('app_id_taken', 'An app with this id belongs to another publisher.');
  if (existing && !opts.updateOf) throw conflict('app_exists', 'This app exists already: upload an update for it instead.');
  if (!existing && opts.updateOf) throw new HttpError(404, 'not_found', 'App not found.');
  if (existing) {
    const [latest] = await db.select().from(appVersions).where(eq(appVersions.appId, manifest.id)).orderBy(desc(appVersions.createdDate)).limit(1);
    if (latest && !semver.gt(manifest.version, latest.version)) {
      throw conflict('version_not_newer', `The update's version ${manifest.version} must be greater than ${latest.version}.`);
    }
  }
  const internalId = newId();
  const compileJobId = newId();
  const packagePath = `packages/${manifest.id}/${internalId}.zip`;
  await storage.put(packagePath, zip);
  try {
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
        name: manifest.name,
        nameSlug: manifest.nameSlug,
        status: 'compiling',
        shortDescription: manifest.description.slice(0, 45),
        description: manifest.description,
        iconFileData: iconData,
        author: manifest.author,
        requiredApiVersion: manifest.requiredApiVersion,
        manifest: manifest as unknown as Record<string, unknown>,
        compileJobId,
        packagePath,
      });
      await tx.insert(compileJobs).values({ id: compileJobId, internalAppId: internalId, appId: manifest.id });
      await enqueue(tx, COMPILE_JOB, { compileJobId });
    });
  } catch (e) {
    await storage.remove(packagePath).catch(() => undefined);
    throw e;
  }
  return manifest.id;
}
