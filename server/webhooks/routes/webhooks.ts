import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract } from '../../../contract';
import { requireDeveloper, resourceOf } from '../../kernel/plugins/access';
import { activitiesPage, createWebhook, listWebhooks, resend, revealSecret, rotateSecret, sendTest, setEnabled } from '../webhooks';
import { toWebhook } from '../views';

const s = initServer();

/**
 * The publisher's webhooks (SPEC §3, §5, §7): the policy's `webhook` feature needs canUseWebhooks, so the gate
 * answers 'Webhooks Disabled' to a publisher without it; the webhook a path names comes authorized from it.
 */
export const webhooksRoutes = (app: FastifyInstance) => {
  const hookOf = (request: FastifyRequest) => resourceOf(request, 'webhook');
  const policy = { allowPrivateNetworks: app.config.webhooks.allowPrivateNetworks };
  return {
    list: s.route(contract.webhooks.list, async ({ request }) => ({ status: 200, body: await listWebhooks(app.db, requireDeveloper(request).publisherId) })),
    create: s.route(contract.webhooks.create, async ({ request, body }) => ({
      status: 201,
      body: await createWebhook(app.db, requireDeveloper(request).publisherId, body, policy),
    })),
    get: s.route(contract.webhooks.get, async ({ request }) => ({ status: 200, body: toWebhook(hookOf(request)) })),
    activities: s.route(contract.webhooks.activities, async ({ request, query }) => ({
      status: 200,
      body: await activitiesPage(app.db, hookOf(request), query),
    })),
    resend: s.route(contract.webhooks.resend, async ({ request }) => {
      const { webhook, activity } = resourceOf(request, 'webhookActivity');
      return { status: 200, body: await resend(app.db, webhook, activity.id) };
    }),
    setEnabled: s.route(contract.webhooks.setEnabled, async ({ request, body }) => ({
      status: 200,
      body: await setEnabled(app.db, hookOf(request), body.enabled),
    })),
    sendTest: s.route(contract.webhooks.sendTest, async ({ request }) => ({ status: 201, body: await sendTest(app.db, hookOf(request)) })),
    secret: s.route(contract.webhooks.secret, async ({ request }) => ({ status: 200, body: revealSecret(hookOf(request), app.clock.now()) })),
    rotateSecret: s.route(contract.webhooks.rotateSecret, async ({ request }) => ({
      status: 200,
      body: await rotateSecret(app.db, hookOf(request), app.clock.now()),
    })),
  };
};
