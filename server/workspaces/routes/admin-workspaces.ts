import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract } from '../../../contract';
import { requireStaff, resourceOf } from '../../kernel/plugins/access';
import { listRegistered, registerWorkspace, revokeWorkspace, rotateSecret } from '../registry';

const s = initServer();

/**
 * Registered Rocket.Chat workspaces (docs/rocketchat.md, Pointing a Rocket.Chat server; system admins only — the contract's metadata). There is no
 * activity log of workspaces (staff actions are logged per app and per publisher): who registered a workspace
 * is on its row, and each change is written to the server's log with the staff member who made it.
 */
export const adminRegisteredWorkspacesRoutes = (app: FastifyInstance) => {
  /** Where Rocket.Chat is to reach the portal: PUBLIC_URL, else the origin this request came to. */
  const portalUrlOf = (request: FastifyRequest) => (app.config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
  return {
    list: s.route(contract.admin.registeredWorkspaces.list, async ({ query }) => ({ status: 200, body: await listRegistered(app.db, query) })),

    register: s.route(contract.admin.registeredWorkspaces.register, async ({ request, body }) => {
      const by = requireStaff(request);
      const made = await registerWorkspace(app.db, body, by);
      request.log.info({ workspaceId: made.workspace.id, clientId: made.clientId, staffId: by.id }, 'workspace registered');
      return { status: 201, body: { ...made, portalUrl: portalUrlOf(request), publicKey: app.licenses.publicKey } };
    }),

    rotateSecret: s.route(contract.admin.registeredWorkspaces.rotateSecret, async ({ request }) => {
      const by = requireStaff(request);
      const { id } = resourceOf(request, 'workspace');
      const rotated = await rotateSecret(app.db, id);
      request.log.info({ workspaceId: id, staffId: by.id }, 'workspace secret rotated');
      return { status: 200, body: { ...rotated, portalUrl: portalUrlOf(request), publicKey: app.licenses.publicKey } };
    }),

    revoke: s.route(contract.admin.registeredWorkspaces.revoke, async ({ request }) => {
      const by = requireStaff(request);
      const { id } = resourceOf(request, 'workspace');
      const revoked = await revokeWorkspace(app.db, id);
      request.log.info({ workspaceId: id, staffId: by.id }, 'workspace revoked');
      return { status: 200, body: revoked };
    }),
  };
};
