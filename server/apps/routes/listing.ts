import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { contract } from '../../../contract';
import { resourceOf } from '../../kernel/plugins/access';
import { listingPreview } from '../read/listing';
import { captionScreenshot, reorderScreenshots } from '../screenshots';

const s = initServer();

/** A version's listing as one thing: its preview, its screenshots' order and captions (the gate authorized the row each path names). */
export const listingRoutes = (app: FastifyInstance) => ({
  listing: s.route(contract.apps.listing, async ({ request }) => {
    const { version } = resourceOf(request, 'appVersion');
    return { status: 200, body: await listingPreview(app.db, { appId: version.appId, internalId: version.internalId }) };
  }),
  orderScreenshots: s.route(contract.apps.orderScreenshots, async ({ request, body }) => {
    const { version } = resourceOf(request, 'appVersion');
    return { status: 200, body: await reorderScreenshots(app.db, { appId: version.appId, internalId: version.internalId }, body) };
  }),
  captionScreenshot: s.route(contract.apps.captionScreenshot, async ({ request, body }) => ({
    status: 200,
    body: await captionScreenshot(app.db, resourceOf(request, 'screenshot').screenshot, body.caption),
  })),
});
