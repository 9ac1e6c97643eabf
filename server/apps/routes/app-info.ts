import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract } from '../../../contract';
import { allowedHere, resourceOf } from '../../kernel/plugins/access';
import type { UploadSpec } from '../../kernel/plugins/uploads';
import { SCREENSHOT_LIMITS } from '../../kernel/images';
import { appPrices } from '../read/app-details';
import { anyApp } from '../read/admin-apps';
import { toVersion } from '../read/apps';
import { createPrice, setPricing, type Pricer } from '../../commerce/pricing';
import { addScreenshots, deleteScreenshot, listScreenshots, type UploadedFile } from '../screenshots';
import { setChanges, setDetails, setInfo, submitVersion } from '../version-info';

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
  // The version the path names, authorized by the gate (server/kernel/plugins/access.ts).
  const owner = (request: FastifyRequest) => {
    const { version } = resourceOf(request, 'appVersion');
    return { appId: version.appId, internalId: version.internalId, publisherId: request.domain?.id };
  };
  const version = async (v: Awaited<ReturnType<typeof setInfo>>) => toVersion(v, false);
  // Paid prices are the policy's decision too (paidApp needs the publisher's canCreatePaidApps).
  const pricer = async (request: FastifyRequest): Promise<Pricer> => ({
    appId: resourceOf(request, 'app').id,
    canCreatePaidApps: await allowedHere(app, request, 'paidApp', 'create'),
  });
  return {
    details: s.route(contract.apps.details, async ({ request, body }) => ({
      status: 200,
      body: await version(await setDetails(app.db, owner(request), body)),
    })),
    updateInfo: s.route(contract.apps.updateInfo, async ({ request, body }) => ({
      status: 200,
      body: await version(await setInfo(app.db, owner(request), body)),
    })),
    changes: s.route(contract.apps.changes, async ({ request, body }) => ({
      status: 200,
      body: await version(await setChanges(app.db, owner(request), body)),
    })),
    submit: s.route(contract.apps.submit, async ({ request }) => {
      const { updated, isBundle } = await submitVersion(app.db, app.storage, owner(request));
      return { status: 200, body: toVersion(updated, isBundle) };
    }),
    screenshots: s.route(contract.apps.screenshots, async ({ request }) => ({
      status: 200,
      body: await listScreenshots(app.db, owner(request)),
    })),
    uploadScreenshots: s.route(contract.apps.uploadScreenshots, async ({ request }) => ({
      status: 201,
      body: await addScreenshots(app.db, app.storage, owner(request), () => screenshotFiles(request)),
    })),
    deleteScreenshot: s.route(contract.apps.deleteScreenshot, async ({ request }) => {
      await deleteScreenshot(app.db, app.storage, resourceOf(request, 'screenshot').screenshot);
      return { status: 200, body: { success: true as const } };
    }),
    createPrice: s.route(contract.apps.createPrice, async ({ request, body }) => {
      const p = await pricer(request);
      const id = await createPrice(app.db, p, body);
      const price = (await appPrices(app.db, p.appId)).find((x) => x.id === id)!;
      return { status: 201, body: price };
    }),
    setPricing: s.route(contract.apps.setPricing, async ({ request, body }) => {
      const p = await pricer(request);
      await setPricing(app.db, p, body);
      return { status: 200, body: await anyApp(app.db, p.appId) };
    }),
  };
};
