import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { madeBy, workspaceForToken, type WorkspaceCaller } from '../services/workspaces/tokens';

/** The token of `Authorization: Bearer …` (Rocket.Chat sends `Bearer ` and nothing when it is not registered). */
export const bearer = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
};
/** The token of the download's query: `?token=…`, as Rocket.Chat sends it (no Authorization header). */
export const queryToken = (request: FastifyRequest) => {
  const token = (request.query as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' ? token : undefined;
};

/**
 * The calls of registered Rocket.Chat workspaces (contract/workspace-installs.ts). The one gate lets them
 * through (no portal session: they are public to it); each checks the workspace's access token itself, on
 * request, before the body is read: 401 without a valid one, 403 without the scope it needs.
 */
export function workspaceGate(app: FastifyInstance) {
  const callers = new WeakMap<FastifyRequest, WorkspaceCaller>();
  const require = (tokenOf: (request: FastifyRequest) => string | undefined, scope?: string) => async (request: FastifyRequest) => {
    const caller = await workspaceForToken(app.db, tokenOf(request));
    if (!caller) throw new HttpError(401, 'invalid_workspace_token', 'A registered workspace’s access token is required.');
    if (scope && !caller.scopes.includes(scope)) throw new HttpError(403, 'insufficient_scope', `This workspace token was not granted ${scope}.`);
    callers.set(request, madeBy(request, caller));
  };
  const of = (request: FastifyRequest) => {
    const caller = callers.get(request);
    if (!caller) throw new Error('no workspace was authorized for this request');
    return caller;
  };
  return { require, of };
}
