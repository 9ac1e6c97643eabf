import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { HttpError } from '../errors';
import { madeBy, workspaceForToken, type WorkspaceCaller } from './workspace-tokens';

/** The token of `Authorization: Bearer …` (Rocket.Chat sends `Bearer ` and nothing when it is not registered). */
const bearer = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
};
/** The token of the download's query: `?token=…`, as Rocket.Chat sends it (no Authorization header). */
const queryToken = (request: FastifyRequest) => {
  const token = (request.query as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' ? token : undefined;
};

/**
 * The registered workspace calling a route whose rule is `workspaceCaller(scope, tokenIn)` (contract/access.ts),
 * as the one gate decides it: 401 without a valid access token, 403 without the scope the route needs.
 */
export async function authorizeWorkspace(db: Db, request: FastifyRequest, rule: { scope?: string; tokenIn?: 'query' }): Promise<WorkspaceCaller> {
  const caller = await workspaceForToken(db, rule.tokenIn === 'query' ? queryToken(request) : bearer(request));
  if (!caller) throw new HttpError(401, 'invalid_workspace_token', 'A registered workspace’s access token is required.');
  if (rule.scope && !caller.scopes.includes(rule.scope)) throw new HttpError(403, 'insufficient_scope', `This workspace token was not granted ${rule.scope}.`);
  return madeBy(request, caller);
}
