// Workspace access tokens: what a registered Rocket.Chat server sends (as `Authorization: Bearer …`, or as the
// `token` query of a download) after the `client_credentials` grant. Stored as sha256 hex in workspace_tokens.
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { sha256 } from '../db/ids';
import { workspaceTokens, workspaces } from '../db/schema';

/** Longest token looked up; anything longer is no token of ours. */
export const MAX_WORKSPACE_TOKEN_LENGTH = 512;

export type WorkspaceCaller = { workspaceId: string; accountId: string; scopes: string[]; lastSeenAt: Date | null; tokenExpiresAt: Date };

/** A workspace's `lastSeenAt` is written at most this often by the use of its tokens (a write per request would be too many). */
export const LAST_SEEN_EVERY_MS = 60_000;

/**
 * The registered, unrevoked workspace holding `token` while it lasts, with the scopes it was granted;
 * null for anything else (unknown, expired, its workspace revoked, or no token at all). Reads only: a
 * refused request changes nothing, so seeing the workspace is written once its request has succeeded
 * (`seenOnSuccess`).
 */
export async function workspaceForToken(db: Db, token: string | undefined, now = new Date()): Promise<WorkspaceCaller | null> {
  if (!token || token.length > MAX_WORKSPACE_TOKEN_LENGTH) return null;
  const [row] = await db
    .select({
      workspaceId: workspaces.id,
      accountId: workspaces.accountId,
      scope: workspaceTokens.scope,
      lastSeenAt: workspaces.lastSeenAt,
      expiresAt: workspaceTokens.expiresAt,
    })
    .from(workspaceTokens)
    .innerJoin(workspaces, eq(workspaces.id, workspaceTokens.workspaceId))
    .where(and(eq(workspaceTokens.tokenHash, sha256(token)), gt(workspaceTokens.expiresAt, now), isNull(workspaces.revokedAt)))
    .limit(1);
  if (!row) return null;
  return {
    workspaceId: row.workspaceId,
    accountId: row.accountId,
    scopes: row.scope.split(' ').filter(Boolean),
    lastSeenAt: row.lastSeenAt,
    tokenExpiresAt: row.expiresAt,
  };
}

/**
 * Using a token is seeing its workspace: `lastSeenAt` is moved on when it is a minute old or more
 * (conditionally: of requests at once, one writes). The caller is moved on too: a caller kept in memory
 * (server/kernel/workspace-cache.ts) does not write again before its next minute.
 */
export async function noteSeen(db: Db, caller: WorkspaceCaller, now = new Date()) {
  if (caller.lastSeenAt && now.getTime() - caller.lastSeenAt.getTime() < LAST_SEEN_EVERY_MS) return;
  const before = caller.lastSeenAt;
  caller.lastSeenAt = now;
  const stale = new Date(now.getTime() - LAST_SEEN_EVERY_MS);
  try {
    await db
      .update(workspaces)
      .set({ lastSeenAt: now })
      .where(and(eq(workspaces.id, caller.workspaceId), or(isNull(workspaces.lastSeenAt), lte(workspaces.lastSeenAt, stale))));
  } catch (err) {
    // Not written: the next call tries again.
    if (caller.lastSeenAt === now) caller.lastSeenAt = before;
    throw err;
  }
}

const callers = new WeakMap<FastifyRequest, WorkspaceCaller>();
/** The workspace `request` was made by, seen (`noteSeen`) if the request succeeds. */
export function madeBy(request: FastifyRequest, caller: WorkspaceCaller): WorkspaceCaller {
  callers.set(request, caller);
  return caller;
}
/**
 * Registered once: a request `madeBy` a workspace that succeeded moves its `lastSeenAt` on — before its answer
 * leaves (onSend), so that nothing of a request is written after the caller has its answer.
 */
export function seenOnSuccess(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const caller = callers.get(request);
    if (caller && reply.statusCode < 400) await noteSeen(app.db, caller);
    return payload;
  });
}
