import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract } from '../../contract';
import { requireDeveloper } from '../plugins/access';
import {
  activitiesPage,
  createWebhook,
  listWebhooks,
  requireWebhooks,
  resend,
  revealSecret,
  rotateSecret,
  sendTest,
  setEnabled,
  webhookOf,
} from '../services/webhooks/webhooks';
import { toWebhook } from '../services/webhooks/views';

const s = initServer();

/** The publisher's webhooks (SPEC §3, §5, §7): every route needs canUseWebhooks ('Webhooks Disabled' otherwise). */
export const webhooksRoutes = (app: FastifyInstance) => {
  const publisherOf = async (request: FastifyRequest) => {
    const { publisherId } = requireDeveloper(request);
    await requireWebhooks(app.db, publisherId);
    return publisherId;
  };
  const policy = { allowPrivateNetworks: app.config.webhooks.allowPrivateNetworks };
  return {
    list: s.route(contract.webhooks.list, async ({ request }) => ({ status: 200, body: await listWebhooks(app.db, await publisherOf(request)) })),
    create: s.route(contract.webhooks.create, async ({ request, body }) => ({ status: 201, body: await createWebhook(app.db, await publisherOf(request), body, policy) })),
    get: s.route(contract.webhooks.get, async ({ request, params }) => ({ status: 200, body: toWebhook(await webhookOf(app.db, await publisherOf(request), params.id)) })),
    activities: s.route(contract.webhooks.activities, async ({ request, params, query }) => ({
      status: 200,
      body: await activitiesPage(app.db, await publisherOf(request), params.id, query),
    })),
    resend: s.route(contract.webhooks.resend, async ({ request, params }) => ({ status: 200, body: await resend(app.db, await publisherOf(request), params.id, params.activityId) })),
    setEnabled: s.route(contract.webhooks.setEnabled, async ({ request, params, body }) => ({ status: 200, body: await setEnabled(app.db, await publisherOf(request), params.id, body.enabled) })),
    sendTest: s.route(contract.webhooks.sendTest, async ({ request, params }) => ({ status: 201, body: await sendTest(app.db, await publisherOf(request), params.id) })),
    secret: s.route(contract.webhooks.secret, async ({ request, params }) => ({ status: 200, body: await revealSecret(app.db, await publisherOf(request), params.id, app.clock.now()) })),
    rotateSecret: s.route(contract.webhooks.rotateSecret, async ({ request, params }) => ({ status: 200, body: await rotateSecret(app.db, await publisherOf(request), params.id, app.clock.now()) })),
  };
};
