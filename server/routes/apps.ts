import type { FastifyInstance, FastifyRequest } from 'fastify';
import { initServer } from '@ts-rest/fastify';
import { contract } from '../../contract';
import type { LifecycleEvent } from '../../machines/app-version-lifecycle';
import { badRequest, notFound } from '../errors';
import { requireDeveloper } from '../plugins/access';
import { appJob, appJobs, appPrices, appStats, appVersion, appVersionsOf, ownedApp } from '../read/app-details';
import { pageOfApps, toVersion } from '../read/apps';
import { rejectEvent, transitionVersion } from '../services/lifecycle';
import { PACKAGE_FIELD_MESSAGE } from '../../contract/schemas/app';
import type { UploadSpec } from '../plugins/uploads';
import { acceptPackage } from '../services/packages/upload';
import { PACKAGE_LIMITS } from '../services/packages/zip';
import { submitVersion } from '../services/version-info';

const s = initServer();

/** The statuses a publisher may ask for (SPEC §7 status call), as lifecycle events. */
/** A package upload: the multipart field `app`, exactly one file, at most the package size limit. */
const PACKAGE_UPLOAD: UploadSpec = {
  field: 'app',
  maxFiles: 1,
  maxFileBytes: PACKAGE_LIMITS.maxZipBytes,
  fieldMessage: PACKAGE_FIELD_MESSAGE,
  tooLarge: { code: 'package_too_large', message: `The package is larger than ${PACKAGE_LIMITS.maxZipBytes / 1024 / 1024} MB.` },
};
const packageOf = async (request: FastifyRequest) => (await request.receiveUpload(PACKAGE_UPLOAD)).files[0]!.read();

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
  const owned = (request: Parameters<typeof requireDeveloper>[0], id: string) => ownedApp(app.db, id, requireDeveloper(request).publisherId);
  return {
    list: s.route(contract.apps.list, async ({ request, query }) => {
      const developer = requireDeveloper(request);
      const body = await app.reads.get(`publisher:${developer.publisherId}`, `apps ${query.limit} ${query.offset}`, () =>
        pageOfApps(app.db, { publisherId: developer.publisherId, isBundle: false }, query),
      );
      return { status: 200, body };
    }),

    get: s.route(contract.apps.get, async ({ request, params }) => ({ status: 200, body: await owned(request, params.id) })),

    all: s.route(contract.apps.all, async ({ request, params }) => {
      const a = await owned(request, params.id);
      return { status: 200, body: await appVersionsOf(app.db, a.appId, a.isBundle) };
    }),

    info: s.route(contract.apps.info, async ({ request, params }) => {
      const a = await owned(request, params.id);
      return { status: 200, body: await appVersion(app.db, a.appId, params.versionId, a.isBundle) };
    }),

    stats: s.route(contract.apps.stats, async ({ request, params }) => {
      const a = await owned(request, params.id);
      return { status: 200, body: await appStats(app.db, a.appId) };
    }),

    jobs: s.route(contract.apps.jobs, async ({ request, params }) => {
      const a = await owned(request, params.id);
      return { status: 200, body: await appJobs(app.db, a.appId) };
    }),

    job: s.route(contract.apps.job, async ({ request, params }) => {
      const a = await owned(request, params.id);
      return { status: 200, body: await appJob(app.db, a.appId, params.jobId) };
    }),

    prices: s.route(contract.apps.prices, async ({ request, params }) => {
      const a = await owned(request, params.id);
      return { status: 200, body: await appPrices(app.db, a.appId) };
    }),

    price: s.route(contract.apps.price, async ({ request, params }) => {
      const a = await owned(request, params.id);
      const price = (await appPrices(app.db, a.appId)).find((p) => p.id === params.priceId);
      if (!price) throw notFound('Price');
      return { status: 200, body: price };
    }),

    create: s.route(contract.apps.create, async ({ request }) => {
      const developer = requireDeveloper(request);
      const appId = await acceptPackage(app.db, app.storage, await packageOf(request), { publisherId: developer.publisherId, engineVersion: app.config.engineVersion });
      return { status: 201, body: await ownedApp(app.db, appId, developer.publisherId) };
    }),

    update: s.route(contract.apps.update, async ({ request, params }) => {
      const developer = requireDeveloper(request);
      await ownedApp(app.db, params.id, developer.publisherId);
      const appId = await acceptPackage(app.db, app.storage, await packageOf(request), {
        publisherId: developer.publisherId,
        engineVersion: app.config.engineVersion,
        updateOf: params.id,
      });
      return { status: 200, body: await ownedApp(app.db, appId, developer.publisherId) };
    }),

    setStatus: s.route(contract.apps.setStatus, async ({ request, params, body }) => {
      const developer = requireDeveloper(request);
      if (body.appId !== params.id || body.versionId !== params.versionId) {
        throw badRequest('The body must name the same app and version as the path.');
      }
      const where = { appId: params.id, internalId: params.versionId, publisherId: developer.publisherId };
      const event = publisherEvent(body.status, body.rejectionReason);
      // Submitting has one set of rules wherever it is asked for (the versions table or the wizard).
      const { updated, isBundle } =
        event.type === 'SUBMIT' ? await submitVersion(app.db, where) : await transitionVersion(app.db, { ...where, actor: 'publisher', event });
      return { status: 200, body: toVersion(updated, isBundle) };
    }),
  };
};
