import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import {
  appRequestTotals, createAppRequest, listAppRequests, markAppRequestsSeen, markAppRequestsSent, pendingNotificationApps,
} from '../services/app-requests/requests';
import { bearer, workspaceGate } from './workspace-gate';

const s = initServer();

/**
 * App requests (contract/app-requests.ts). Rocket.Chat's reads and changes take the workspace's token
 * (`Authorization: Bearer …`; rest.ts sends its default-scope token, the cron the same) and see only that
 * workspace's requests; Rocket.Chat reads a refusal's `error` (rest.ts: `throw new Error(result.error)`).
 * The requestAccess page's call is public and rate limited (server/plugins/security.ts).
 */
export const appRequestsRoutes = (app: FastifyInstance) => {
  const gate = workspaceGate(app);
  const workspace = { onRequest: gate.require(bearer) };
  return {
    list: {
      hooks: workspace,
      handler: s.route(contract.appRequests.list, async ({ request, query }) => ({
        status: 200,
        body: await listAppRequests(app.db, gate.of(request).workspaceId, query),
      })),
    },
    stats: {
      hooks: workspace,
      handler: s.route(contract.appRequests.stats, async ({ request }) => ({
        status: 200,
        body: { data: await appRequestTotals(app.db, gate.of(request).workspaceId) },
      })),
    },
    markAsSeen: {
      hooks: workspace,
      handler: s.route(contract.appRequests.markAsSeen, async ({ request, body }) => ({
        status: 200,
        body: { success: true as const, updated: await markAppRequestsSeen(app.db, gate.of(request).workspaceId, body.ids) },
      })),
    },
    pending: {
      hooks: workspace,
      handler: s.route(contract.appRequests.pending, async ({ request }) => ({
        status: 200,
        body: { data: await pendingNotificationApps(app.db, gate.of(request).workspaceId) },
      })),
    },
    markAsSent: {
      hooks: workspace,
      handler: s.route(contract.appRequests.markAsSent, async ({ request, params }) => ({
        status: 200,
        body: { success: true as const, updated: await markAppRequestsSent(app.db, gate.of(request).workspaceId, params.appId) },
      })),
    },
    create: s.route(contract.appRequests.create, async ({ body }) => ({
      status: 201,
      body: await createAppRequest(app.db, body),
    })),
  };
};
