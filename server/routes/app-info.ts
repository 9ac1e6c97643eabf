import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract } from '../../contract';
import { requireDeveloper } from '../plugins/access';
import type { UploadSpec } from '../plugins/uploads';
import { SCREENSHOT_LIMITS } from '../services/images';
import { appPrices } from '../read/app-details';
import { anyApp } from '../read/admin-apps';
import { toVersion } from '../read/apps';
import { createPrice, setPricing } from '../services/pricing';
import {
  addScreenshots, deleteScreenshot, listScreenshots, setChanges, setDetails, setInfo, submitVersion, type UploadedFile,
} from '../services/version-info';

const s = initServer();

/** A screenshots upload: the multipart field `screenshots`, up to 10 PNG or JPEG files of at most 5 MB each. */
const SCREENSHOTS_MESSAGE = 'Upload PNG or JPEG files in the field "screenshots".';
const SCREENSHOTS_UPLOAD: UploadSpec = {
  field: 'screenshots',
  maxFiles: SCREENSHOT_LIMITS.files,
  maxFileBytes: SCREENSHOT_LIMITS.bytes,
  fieldMessage: SCREENSHOTS_MESSAGE,
  tooLarge: { code: 'screenshot_too_large', message: 'A screenshot is larger than 5 MB.' },
  tooMany: { status: 413, code: 'too_many_files', message: `Too many files in one upload (at most ${SCREENSHOT_LIMITS.files}).` },
};

async function screenshotFiles(request: FastifyRequest): Promise<UploadedFile[]> {
  const { files } = await request.receiveUpload(SCREENSHOTS_UPLOAD);
  return Promise.all(files.map(async (f) => ({ fileName: f.fileName, data: await f.read() })));
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
    uploadScreenshots: s.route(contract.apps.uploadScreenshots, async ({ request, params }) => ({
      status: 201,
      body: await addScreenshots(app.db, app.storage, owner(request, params.appId, params.internalId), () => screenshotFiles(request)),
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
