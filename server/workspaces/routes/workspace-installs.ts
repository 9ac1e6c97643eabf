import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import semver from 'semver';
import { contract } from '../../../contract';
import type { ErrorBody } from '../../../contract/common';
import { HttpError, notFound } from '../../errors';
import { resourceOf, workspaceOf } from '../../kernel/plugins/access';
import { installStats } from '../read/installs';
import { engineOf, runsOn } from '../../catalog/listing';
import { refusalFor, type Refusal } from '../installs/entitlement';
import { downloadableVersion, installableApp, recordDownload, recordInstallEvent } from '../installs/events';
import { reportUsage } from '../installs/usage';

const s = initServer();

/** Rocket.Chat's refusal of a package the workspace may not have (its codes 268 / 465), in the envelope. */
const refused = (request: FastifyRequest, r: Refusal): { status: 403; body: ErrorBody } => ({
  status: 403,
  body: { error: r.error, code: r.code, requestId: String(request.id) },
});

export const workspaceInstallsRoutes = (app: FastifyInstance) => {
  return {
    // Rocket.Chat ignores the answer (notifyMarketplace is fire-and-forget): {} on 200.
    install: s.route(contract.workspaceInstalls.install, async ({ request, params, body }) => {
      await installableApp(app.db, params.id);
      await recordInstallEvent(app.db, workspaceOf(request).workspaceId, params.id, body);
      return { status: 200, body: {} };
    }),

    usage: s.route(contract.workspaceInstalls.usage, async ({ request, params, body }) => {
      const workspace = workspaceOf(request);
      const installable = await installableApp(app.db, params.id);
      const refusal = await refusalFor(app.db, workspace.workspaceId, installable);
      if (refusal) return refused(request, refusal);
      const record = await reportUsage(app.db, workspace.workspaceId, params.id, body);
      return { status: record.created ? 201 : 200, body: { id: record.id } };
    }),

    publisherStats: s.route(contract.workspaceInstalls.publisherStats, async ({ request }) => ({
      status: 200,
      body: await installStats(app.db, resourceOf(request, 'app').id),
    })),

    adminStats: s.route(contract.workspaceInstalls.adminStats, async ({ request }) => ({
      status: 200,
      body: await installStats(app.db, resourceOf(request, 'app').id),
    })),
  };
};

export const workspaceDownloadsRoutes = (app: FastifyInstance) => {
  return {
    /**
     * The compiled package, streamed from the file store (a file, or the S3 object's body: never whole in
     * memory), with `Content-Type` exactly `application/zip` (Rocket.Chat compares the string). The download
     * counts once the package is found and opened, before its bytes leave.
     */
    download: s.route(contract.workspaceDownloads.download, async ({ request, params, reply }) => {
      const workspace = workspaceOf(request);
      const engine = engineOf(request);
      const version = await downloadableVersion(app.db, params.id, params.version);
      // A version the caller's engine cannot run: Rocket.Chat would refuse to install it after the download
      // (its catalog never offers it, flagged `versionIncompatible`); refused here, counted as nothing.
      if (engine && semver.validRange(version.requiredApiVersion) && !runsOn(engine, version.requiredApiVersion)) {
        throw new HttpError(
          426,
          'engine_incompatible',
          `Version ${version.version} needs Apps-Engine ${version.requiredApiVersion}; this workspace runs ${engine}. Update Rocket.Chat, or install a version it runs.`,
        );
      }
      const refusal = await refusalFor(app.db, workspace.workspaceId, version.app);
      if (refusal) return refused(request, refusal);
      const file = await app.storage.stream(version.compiledPath).catch(() => {
        throw notFound('Compiled package');
      });
      try {
        await recordDownload(app.db, { workspaceId: workspace.workspaceId, appId: version.app.id, appVersion: version.version, engineVersion: engine ?? '' });
      } catch (err) {
        file.body.destroy();
        throw err;
      }
      const name = `${(version.nameSlug || version.app.id).replace(/[^\w.-]/g, '_')}-${version.version.replace(/[^\w.-]/g, '_')}.zip`;
      reply.header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store');
      if (file.size !== undefined) reply.header('content-length', String(file.size));
      return { status: 200, body: file.body };
    }),
  };
};
