import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { randomToken, sha256 } from '../db/ids';
import { workspaceTokens, workspaces } from '../db/schema';
import { WORKSPACE_TOKEN_PREFIX } from '../access/credentials';
import { secretMatches } from '../workspaces/credentials';
import { grantScope } from '../workspaces/scopes';
import { OAuthError, type TokenReply } from './grants';
import { CLOUD_PATHS } from './paths';
import { formOf, invalidRequest, oauthError } from './token-forms';

/** A registered workspace's access token lasts an hour (Rocket.Chat caches it until `expires_in` has passed). */
export const WORKSPACE_ACCESS_TTL_S = 3600;

/**
 * Rocket.Chat's token request, field for field (apps/meteor/app/cloud/server/functions/
 * getWorkspaceAccessTokenWithScope.ts): a form of `client_id`, `client_secret`, `scope` (space-separated),
 * `grant_type=client_credentials` and `redirect_uri` (`${Site_Url}/admin/cloud/oauth-callback`, ignored here:
 * this grant redirects nowhere).
 */
const ClientCredentialsGrant = z.object({
  grant_type: z.literal('client_credentials'),
  client_id: z.string().min(1).max(200),
  client_secret: z.string().max(500).optional(),
  scope: z.string().max(1000).optional(),
  redirect_uri: z.string().max(2000).optional(),
});

/**
 * The one refusal Rocket.Chat acts on: `oauth_invalid_client_credentials` (any status ≥ 400) makes it log
 * "Server has been unregistered from cloud" and drop its registration — right for a wrong, rotated or
 * revoked secret, and for a client id nobody has.
 */
const invalidClient = () => new OAuthError(401, 'oauth_invalid_client_credentials', 'The client id or secret is invalid, or the workspace was revoked.');

/**
 * The `client_credentials` grant of registered workspaces: an access token for the scope asked (echoed as it
 * was sent; the default list when none), stored as its SHA-256 with its scope and expiry. The workspace's row
 * is locked while the token is issued, so a rotation or revocation running meanwhile either waits for it (and
 * then deletes the token) or goes first (and the old secret is refused here). Issuing a token is seeing the
 * workspace: `lastSeenAt`.
 */
export async function clientCredentials(db: Db, form: Record<string, unknown>, now = new Date()): Promise<TokenReply> {
  const t = ClientCredentialsGrant.safeParse(form);
  if (!t.success) throw invalidRequest(t.error);
  const { client_id: clientId, client_secret: secret, scope: asked } = t.data;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: workspaces.id, secretHash: workspaces.secretHash, revokedAt: workspaces.revokedAt })
      .from(workspaces)
      .where(eq(workspaces.clientId, clientId))
      .for('no key update');
    // Compared in constant time even when no workspace has this client id.
    if (!secretMatches(secret, row?.secretHash) || !row || row.revokedAt) throw invalidClient();
    const granted = grantScope(asked);
    if ('unknown' in granted) throw new OAuthError(400, 'invalid_scope', `Unknown scope: ${granted.unknown.join(' ')}.`.slice(0, 500));
    const accessToken = `${WORKSPACE_TOKEN_PREFIX}${randomToken(32)}`;
    await tx.insert(workspaceTokens).values({
      tokenHash: sha256(accessToken),
      workspaceId: row.id,
      scope: granted.scope,
      createdAt: now,
      expiresAt: new Date(now.getTime() + WORKSPACE_ACCESS_TTL_S * 1000),
    });
    await tx.update(workspaces).set({ lastSeenAt: now }).where(eq(workspaces.id, row.id));
    return { access_token: accessToken, token_type: 'Bearer' as const, expires_in: WORKSPACE_ACCESS_TTL_S, scope: granted.scope };
  });
}

/** The token endpoint's answer to one form: tokens, or the refusal in OAuth's terms. */
export async function answerToken(request: FastifyRequest, reply: FastifyReply, grant: (form: Record<string, unknown>) => Promise<TokenReply>) {
  try {
    const tokens = await grant(formOf(request));
    return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(tokens);
  } catch (e) {
    if (e instanceof OAuthError) return oauthError(request, reply, e);
    throw e;
  }
}

/**
 * With an external issuer (CLOUD_ISSUER_URL) the embedded authorization server is not mounted, but registered
 * workspaces still get their tokens from the portal (their `Cloud_Url` points here): `POST /api/oauth/token`
 * answers the `client_credentials` grant alone. Rate limited like the embedded endpoint (security.ts, by path).
 */
export function workspaceTokenEndpoint(app: FastifyInstance) {
  app.post(CLOUD_PATHS.token, (request, reply) =>
    answerToken(request, reply, async (form) => {
      if (form.grant_type === 'client_credentials') return clientCredentials(app.db, form);
      if (typeof form.grant_type === 'string' && form.grant_type) {
        throw new OAuthError(400, 'unsupported_grant_type', 'Only the client_credentials grant of registered workspaces is answered here.');
      }
      throw new OAuthError(400, 'invalid_request', 'The request is missing or has invalid parameters: grant_type.');
    }),
  );
}
