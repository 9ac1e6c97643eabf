import type { FastifyInstance, FastifyRequest } from 'fastify';
import { initServer } from '@ts-rest/fastify';
import { contract } from '../../../contract';
import type { LifecycleEvent } from '../../../machines/app-version-lifecycle';
import { badRequest } from '../../errors';
import { allowedRows, requireDeveloper, resourceOf } from '../../kernel/plugins/access';
import { appJobs, appPrices, appStats, appVersion, appVersionsOf, toJob } from '../read/app-details';
import { loadApps, pageOfApps, toVersion } from '../read/apps';
import { rejectEvent, transitionVersion } from '../lifecycle';
import { PACKAGE_FIELD_MESSAGE } from '../../../contract/schemas/app';
import type { UploadSpec } from '../../kernel/plugins/uploads';
import { acceptPackage } from '../packages/upload';
import { PACKAGE_LIMITS } from '../packages/zip';
import { submitVersion } from '../version-info';
import { versionDiff } from '../review/version-diff';
import { versionFindings } from '../review/findings';
import { versionRuntime } from '../runtime/version-runtime';

const s = initServer();

/** A package upload: the multipart field `app`, exactly one file, at most the package size limit. */
const PACKAGE_UPLOAD: UploadSpec = {
  field: 'app',
  maxFiles: 1,
  maxFileBytes: PACKAGE_LIMITS.maxZipBytes,
  fieldMessage: PACKAGE_FIELD_MESSAGE,
  tooLarge: { code: 'package_too_large', message: `The package is larger than ${PACKAGE_LIMITS.maxZipBytes / 1024 / 1024} MB.` },
};
const packageOf = async (request: FastifyRequest) => (await request.receiveUpload(PACKAGE_UPLOAD)).files[0]!.read();

/** The statuses a publisher may ask for (SPEC §7 status call), as lifecycle events. */
function publisherEvent(status: string, rejectionReason: string | undefined): LifecycleEvent {
  switch (status) {
    case 'rejected':
    case 'author-rejected':
      return rejectEvent(rejectionReason);
    case 'author-approved':
    case 'submitted':
      return { type: 'SUBMIT' };
    case 'published':
      return { type: 'PUBLISH' };
    case 'unpublished':
      return { type: 'UNPUBLISH' };
    default:
      throw badRequest(`A publisher cannot set a version to ${status}.`, [{ path: 'status', message: `A publisher cannot set a version to ${status}.` }]);
  }
}

export const appsRoutes = (app: FastifyInstance) => {
  // The app the path names, authorized by the gate (server/kernel/plugins/access.ts), as the API shows it.
  const view = async (id: string) => (await loadApps(app.db, [id]))[0]!;
  const owned = (request: FastifyRequest) => view(resourceOf(request, 'app').id);
  return {
    list: s.route(contract.apps.list, async ({ request, query }) => {
      const developer = requireDeveloper(request);
      const body = await app.reads.get(`publisher:${developer.publisherId}`, `apps ${query.limit} ${query.offset}`, () =>
        pageOfApps(app.db, { publisherId: developer.publisherId, isBundle: false }, query),
      );
      return { status: 200, body };
    }),

    get: s.route(contract.apps.get, async ({ request }) => ({ status: 200, body: await owned(request) })),

    all: s.route(contract.apps.all, async ({ request }) => {
      const a = resourceOf(request, 'app');
      return { status: 200, body: await appVersionsOf(app.db, app.storage, a.id, a.isBundle) };
    }),

    info: s.route(contract.apps.info, async ({ request }) => {
      const { app: a, version } = resourceOf(request, 'appVersion');
      return { status: 200, body: await appVersion(app.db, a.id, version.internalId, a.isBundle) };
    }),

    stats: s.route(contract.apps.stats, async ({ request }) => ({ status: 200, body: await appStats(app.db, resourceOf(request, 'app').id) })),
    diff: s.route(contract.apps.diff, async ({ request, query }) => ({
      status: 200,
      body: await versionDiff(app.db, app.storage, resourceOf(request, 'app').id, query),
    })),

    findings: s.route(contract.apps.findings, async ({ request }) => {
      const { version } = resourceOf(request, 'appVersion');
      return { status: 200, body: await versionFindings(app.db, app.storage, version.appId, version.internalId) };
    }),

    runtime: s.route(contract.apps.runtime, async ({ request }) => {
      const { version } = resourceOf(request, 'appVersion');
      return { status: 200, body: await versionRuntime(app.db, version.appId, version.internalId) };
    }),

    jobs: s.route(contract.apps.jobs, async ({ request }) => ({ status: 200, body: await appJobs(app.db, resourceOf(request, 'app').id) })),

    job: s.route(contract.apps.job, async ({ request }) => ({ status: 200, body: toJob(resourceOf(request, 'compileJob').job) })),

    prices: s.route(contract.apps.prices, async ({ request }) => ({ status: 200, body: await appPrices(app.db, resourceOf(request, 'app').id) })),

    price: s.route(contract.apps.price, async ({ request }) => {
      const { app: a, price } = resourceOf(request, 'price');
      return { status: 200, body: (await appPrices(app.db, a.id)).find((p) => p.id === price.id)! };
    }),

    create: s.route(contract.apps.create, async ({ request }) => {
      const developer = requireDeveloper(request);
      const mayUpdate = async (id: string) => (await allowedRows(app, request, 'app', [id], 'app', 'update')).length > 0;
      const { appId } = await acceptPackage(app.db, app.storage, await packageOf(request), {
        publisherId: developer.publisherId,
        engineVersion: app.config.engineVersion,
        mayUpdate,
      });
      return { status: 201, body: await view(appId) };
    }),

    update: s.route(contract.apps.update, async ({ request }) => {
      const a = resourceOf(request, 'app');
      const { appId } = await acceptPackage(app.db, app.storage, await packageOf(request), {
        publisherId: a.publisherId,
        engineVersion: app.config.engineVersion,
        updateOf: a.id,
      });
      return { status: 200, body: await view(appId) };
    }),

    setStatus: s.route(contract.apps.setStatus, async ({ request, params, body }) => {
      if (body.appId !== params.id || body.versionId !== params.versionId) {
        throw badRequest('The body must name the same app and version as the path.');
      }
      const { version } = resourceOf(request, 'appVersion');
      const where = { appId: version.appId, internalId: version.internalId };
      const event = publisherEvent(body.status, body.rejectionReason);
      // Submitting has one set of rules wherever it is asked for (the versions table or the wizard).
      const { updated, isBundle } =
        event.type === 'SUBMIT' ? await submitVersion(app.db, app.storage, where) : await transitionVersion(app.db, { ...where, actor: 'publisher', event });
      return { status: 200, body: toVersion(updated, isBundle) };
    }),
  };
};
