import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { sha256 } from '../db/ids';
import { HttpError } from '../errors';
import type { WorkspaceCache } from '../kernel/workspace-cache';
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

const invalidToken = (scope: string) =>
  new HttpError(
    401,
    'invalid_token',
    `This is not a valid workspace token (unknown, expired, revoked, or without ${scope}): get a new one from the token endpoint.`,
  );

/**
 * The registered workspace whose token accompanies a read whose rule is `workspaceMayCall(scope)`
 * (contract/access.ts), as the one gate decides it; null when none is sent (Rocket.Chat sends none, or `Bearer `
 * with nothing after it, while its workspace is not registered). A token that is not a live workspace token
 * holding `scope` is a 401, never anonymous. Who holds a token is kept in `kept` by the token's hash: forgotten
 * when its workspace's rows change (a token or the workspace revoked) or when it expires; an unknown token is
 * looked up every time.
 */
export async function optionalWorkspace(db: Db, request: FastifyRequest, scope: string, kept: WorkspaceCache): Promise<WorkspaceCaller | null> {
  const header = request.headers.authorization;
  if (header === undefined) return null;
  const m = /^Bearer(?:\s+(.*))?$/i.exec(header.trim());
  if (!m) throw invalidToken(scope);
  const token = (m[1] ?? '').trim();
  if (!token) return null;
  const workspace = await kept.get(
    `token\n${sha256(token)}`,
    () => workspaceForToken(db, token),
    (w) => w?.workspaceId ?? null,
    (w) => w?.tokenExpiresAt ?? null,
  );
  if (!workspace || !workspace.scopes.includes(scope)) throw invalidToken(scope);
  return madeBy(request, workspace);
}
