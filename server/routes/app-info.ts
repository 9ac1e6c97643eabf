import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract } from '../../contract';
import { badRequest } from '../errors';
import { requireDeveloper } from '../plugins/access';
import { appPrices } from '../read/app-details';
import { anyApp } from '../read/admin-apps';
import { toVersion } from '../read/apps';
import { createPrice, setPricing } from '../services/pricing';
import {
  addScreenshots, deleteScreenshot, listScreenshots, setChanges, setDetails, setInfo, submitVersion, type UploadedFile,
} from '../services/version-info';

const s = initServer();

/** The multipart field `screenshots`: one file or several (see the onFile hook in app.ts). */
function screenshotFiles(body: unknown): UploadedFile[] {
  const value = (body as { screenshots?: unknown } | undefined)?.screenshots;
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const files = list.filter((f): f is UploadedFile => !!f && typeof f === 'object' && Buffer.isBuffer((f as UploadedFile).data));
  if (!files.length || files.length !== list.length) {
    throw badRequest('Upload PNG or JPEG files in the field "screenshots".', [{ path: 'screenshots', message: 'Upload PNG or JPEG files in the field "screenshots".' }]);
  }
  return files;
}

/** The wizards' calls: version details, info, change log, submit, screenshots; prices and the pricing-set call. */
export const appInfoRoutes = (app: FastifyInstance) => {
  const owner = (request: FastifyRequest, appId: string, internalId: string) => ({ appId, internalId, publisherId: requireDeveloper(request).publisherId });
  const version = async (v: Awaited<ReturnType<typeof setInfo>>) => toVersion(v, false);
  return {
    details: s.route(contract.apps.details, async ({ request, params, body }) => ({
      status: 200,
      body: await version(await setDetails(app.db, owner(request, params.id, params.versionId), body)),
    })),
    updateInfo: s.route(contract.apps.updateInfo, async ({ request, params, body }) => ({
      status: 200,
      body: await version(await setInfo(app.db, owner(request, params.id, params.versionId), body)),
    })),
    changes: s.route(contract.apps.changes, async ({ request, params, body }) => ({
      status: 200,
      body: await version(await setChanges(app.db, owner(request, params.id, params.versionId), body)),
    })),
    submit: s.route(contract.apps.submit, async ({ request, params }) => {
      const { updated, isBundle } = await submitVersion(app.db, owner(request, params.id, params.versionId));
      return { status: 200, body: toVersion(updated, isBundle) };
    }),
    screenshots: s.route(contract.apps.screenshots, async ({ request, params }) => ({
      status: 200,
      body: await listScreenshots(app.db, owner(request, params.appId, params.internalId)),
    })),
    uploadScreenshots: s.route(contract.apps.uploadScreenshots, async ({ request, params, body }) => ({
      status: 201,
      body: await addScreenshots(app.db, app.storage, owner(request, params.appId, params.internalId), screenshotFiles(body)),
    })),
    deleteScreenshot: s.route(contract.apps.deleteScreenshot, async ({ request, params }) => {
      await deleteScreenshot(app.db, app.storage, params.id, params.screenshotId, requireDeveloper(request).publisherId);
      return { status: 200, body: { success: true as const } };
    }),
    createPrice: s.route(contract.apps.createPrice, async ({ request, params, body }) => {
      const id = await createPrice(app.db, params.id, requireDeveloper(request).publisherId, body);
      const price = (await appPrices(app.db, params.id)).find((p) => p.id === id)!;
      return { status: 201, body: price };
    }),
    setPricing: s.route(contract.apps.setPricing, async ({ request, params, body }) => {
      await setPricing(app.db, params.id, requireDeveloper(request).publisherId, body);
      return { status: 200, body: await anyApp(app.db, params.id) };
    }),
  };
};
