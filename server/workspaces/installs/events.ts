// The install events registered workspaces cause: the only source of the portal's downloads, installs,
// updates, uninstalls and active workspaces (server/workspaces/read/installs.ts counts them).
import { and, desc, eq, ne } from 'drizzle-orm';
import type { InstallEventInput } from '../../../contract/workspace-installs';
import type { Db, Tx } from '../../db/client';
import { newId, sha256 } from '../../db/ids';
import { appInstallEvents, appVersions, apps } from '../../db/schema';
import { notFound } from '../../errors';
import { now } from '../../kernel/clock';
import { rollUpInstall } from '../../reports/rollups';

/** An app a workspace can report on: it exists and is not a bundle (bundles are bought, never installed). */
export async function installableApp(db: Db, appId: string) {
  const [app] = await db
    .select()
    .from(apps)
    .where(and(eq(apps.id, appId), eq(apps.isBundle, false)));
  if (!app) throw notFound('App');
  return app;
}

/**
 * The published version `version` of app `appId` with its compiled package: what `GET /v2/apps/:id/download/:version`
 * serves. Anything else — an unknown app or version, a bundle, a version not published (rejected, unpublished,
 * in review …), one without a compiled package — is a 404.
 */
export async function downloadableVersion(db: Db, appId: string, version: string) {
  const [row] = await db
    .select({
      app: apps,
      compiledPath: appVersions.compiledPath,
      version: appVersions.version,
      nameSlug: appVersions.nameSlug,
      requiredApiVersion: appVersions.requiredApiVersion,
    })
    .from(appVersions)
    .innerJoin(apps, eq(apps.id, appVersions.appId))
    .where(and(eq(appVersions.appId, appId), eq(appVersions.version, version), eq(appVersions.status, 'published'), eq(apps.isBundle, false)))
    .limit(1);
  if (!row || !row.compiledPath) throw notFound('App version');
  return row;
}

/** One download of a package by a workspace: an event of its own (every download counts; a fresh dedupe key). */
export async function recordDownload(db: Db, e: { workspaceId: string; appId: string; appVersion: string; engineVersion?: string }) {
  await db.insert(appInstallEvents).values({
    id: newId(),
    publisherId: await publisherOf(db, e.appId),
    at: now(),
    appId: e.appId,
    workspaceId: e.workspaceId,
    action: 'download',
    appVersion: e.appVersion,
    engineVersion: e.engineVersion ?? '',
    dedupeKey: `download:${newId()}`,
  });
}

/**
 * An install, update or uninstall a workspace reports (Rocket.Chat's `notifyMarketplace`), idempotently: a
 * report that says what the workspace's latest event for the app already says (the same action of the same
 * version) is that event again, not a new one. The dedupe key names the event it follows (the workspace's
 * latest for the app, or none): two copies of one report, even at the same instant, make the same key, and the
 * unique index keeps one. A later different event (an uninstall, then the install again) is a new one.
 * Answers whether a row was written.
 */
export async function recordInstallEvent(db: Db, workspaceId: string, appId: string, e: InstallEventInput): Promise<boolean> {
  return db.transaction(async (tx) => {
    const publisherId = await publisherOf(tx, appId);
    const at = now();
    const [last] = await tx
      .select({ id: appInstallEvents.id, action: appInstallEvents.action, appVersion: appInstallEvents.appVersion })
      .from(appInstallEvents)
      .where(and(eq(appInstallEvents.workspaceId, workspaceId), eq(appInstallEvents.appId, appId), ne(appInstallEvents.action, 'download')))
      .orderBy(desc(appInstallEvents.at), desc(appInstallEvents.id))
      .limit(1);
    if (last && last.action === e.action && last.appVersion === e.appVersion) return false;
    const written = await tx
      .insert(appInstallEvents)
      .values({
        id: newId(),
        publisherId,
        at,
        appId,
        workspaceId,
        action: e.action,
        appVersion: e.appVersion,
        rocketChatVersion: e.rocketChatVersion ?? '',
        engineVersion: e.engineVersion ?? '',
        siteUrl: e.siteUrl ?? '',
        dedupeKey: `state:${sha256(JSON.stringify([workspaceId, appId, last?.id ?? null, e.action, e.appVersion]))}`,
      })
      .onConflictDoNothing({ target: appInstallEvents.dedupeKey })
      .returning({ id: appInstallEvents.id });
    // Its roll-up, in the same transaction (reports/rollups.ts): only a report written once counts.
    if (written.length) await rollUpInstall(tx, { publisherId, appId, workspaceId, action: e.action, version: e.appVersion, at });
    return written.length > 0;
  });
}

/** The app's publisher ('' for an app gone meanwhile: the foreign key refuses the write anyway). */
async function publisherOf(db: Db | Tx, appId: string) {
  const [row] = await db.select({ publisherId: apps.publisherId }).from(apps).where(eq(apps.id, appId));
  return row?.publisherId ?? '';
}
