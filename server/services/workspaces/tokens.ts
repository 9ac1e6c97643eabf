// Workspace access tokens: what a registered Rocket.Chat server sends (as `Authorization: Bearer …`, or as the
// `token` query of a download) after the `client_credentials` grant. Stored as sha256 hex in workspace_tokens.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sha256 } from '../../db/ids';
import { workspaceTokens, workspaces } from '../../db/schema';

/** Longest token looked up; anything longer is no token of ours. */
export const MAX_WORKSPACE_TOKEN_LENGTH = 512;

export type WorkspaceCaller = { workspaceId: string; accountId: string; scopes: string[] };

/**
 * The registered, unrevoked workspace holding `token` while it lasts, with the scopes it was granted;
 * null for anything else (unknown, expired, its workspace revoked, or no token at all).
 */
export async function workspaceForToken(db: Db, token: string | undefined, now = new Date()): Promise<WorkspaceCaller | null> {
  if (!token || token.length > MAX_WORKSPACE_TOKEN_LENGTH) return null;
  const [row] = await db
    .select({ workspaceId: workspaces.id, accountId: workspaces.accountId, scope: workspaceTokens.scope })
    .from(workspaceTokens)
    .innerJoin(workspaces, eq(workspaces.id, workspaceTokens.workspaceId))
    .where(and(eq(workspaceTokens.tokenHash, sha256(token)), gt(workspaceTokens.expiresAt, now), isNull(workspaces.revokedAt)))
    .limit(1);
  if (!row) return null;
  return { workspaceId: row.workspaceId, accountId: row.accountId, scopes: row.scope.split(' ').filter(Boolean) };
}
