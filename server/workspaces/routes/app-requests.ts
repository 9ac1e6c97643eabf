import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { contract } from '../../../contract';
import {
  appRequestTotals,
  createAppRequest,
  listAppRequests,
  markAppRequestsSeen,
  markAppRequestsSent,
  pendingNotificationApps,
} from '../app-requests/requests';
import { workspaceOf } from '../../kernel/plugins/access';

const s = initServer();

/**
 * App requests (contract/app-requests.ts). Rocket.Chat's reads and changes take the workspace's token
 * (`Authorization: Bearer …`; rest.ts sends its default-scope token, the cron the same) and see only that
 * workspace's requests; Rocket.Chat reads a refusal's `error` (rest.ts: `throw new Error(result.error)`).
 * The requestAccess page's call is public and rate limited (server/kernel/plugins/security.ts).
 */
export const appRequestsRoutes = (app: FastifyInstance) => {
  return {
    list: s.route(contract.appRequests.list, async ({ request, query }) => ({
      status: 200,
      body: await listAppRequests(app.db, workspaceOf(request).workspaceId, query),
    })),
    stats: s.route(contract.appRequests.stats, async ({ request }) => ({
      status: 200,
      body: { data: await appRequestTotals(app.db, workspaceOf(request).workspaceId) },
    })),
    markAsSeen: s.route(contract.appRequests.markAsSeen, async ({ request, body }) => ({
      status: 200,
      body: { success: true as const, updated: await markAppRequestsSeen(app.db, workspaceOf(request).workspaceId, body.ids) },
    })),
    pending: s.route(contract.appRequests.pending, async ({ request }) => ({
      status: 200,
      body: { data: await pendingNotificationApps(app.db, workspaceOf(request).workspaceId) },
    })),
    markAsSent: s.route(contract.appRequests.markAsSent, async ({ request, params }) => ({
      status: 200,
      body: { success: true as const, updated: await markAppRequestsSent(app.db, workspaceOf(request).workspaceId, params.appId) },
    })),
    create: s.route(contract.appRequests.create, async ({ body }) => ({
      status: 201,
      body: await createAppRequest(app.db, body),
    })),
  };
};
