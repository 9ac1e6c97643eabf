import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { randomToken, sha256 } from '../db/ids';
import { cloudRefreshTokens, cloudTokens } from '../db/schema';
import type { RegisteredClient } from './clients';
import { OFFLINE_ACCESS, parseScope, withinScopes } from './scopes';

/** The portal's own access token only serves its sign-in (userinfo), once: as short as it was. */
export const PORTAL_ACCESS_TTL_S = 600;
/** A registered client's access token (the Apps CLI's): an hour, then it refreshes. */
export const PUBLIC_ACCESS_TTL_S = 3600;
/** A refresh token lasts 90 days from sign-in (not from its last use), unless revoked before. */
export const REFRESH_TTL_MS = 90 * 24 * 3600 * 1000;

/** A refusal in OAuth's terms (RFC 6749 §5.2, RFC 7009 §2.2.1): the endpoint answers `{error, error_description}`. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export type TokenReply = { access_token: string; token_type: 'Bearer'; expires_in: number; scope: string; refresh_token?: string };

async function newAccessToken(db: Db, client: RegisteredClient, cloudUserId: string, scopes: readonly string[]) {
  const accessToken = randomToken();
  const expiresIn = client.kind === 'confidential' ? PORTAL_ACCESS_TTL_S : PUBLIC_ACCESS_TTL_S;
  const scope = scopes.join(' ');
  await db.insert(cloudTokens).values({
    tokenHash: sha256(accessToken),
    cloudUserId,
    clientId: client.id,
    scope,
    expiresAt: new Date(Date.now() + expiresIn * 1000),
  });
  return { access_token: accessToken, token_type: 'Bearer' as const, expires_in: expiresIn, scope };
}

/**
 * The tokens an authorization code buys: an access token with the scope the person consented to, and a
 * refresh token when that scope holds `offline_access` (stored hashed, like every token here).
 */
export async function issueTokens(db: Db, client: RegisteredClient, cloudUserId: string, scopes: readonly string[]): Promise<TokenReply> {
  return db.transaction(async (tx) => {
    const reply: TokenReply = await newAccessToken(tx, client, cloudUserId, scopes);
    if (scopes.includes(OFFLINE_ACCESS)) {
      const refreshToken = randomToken();
      await tx.insert(cloudRefreshTokens).values({
        tokenHash: sha256(refreshToken),
        cloudUserId,
        clientId: client.id,
        scope: scopes.join(' '),
        expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
      });
      reply.refresh_token = refreshToken;
    }
    return reply;
  });
}

/**
 * A new access token for a refresh token of this client, with the scope asked for (none: the original
 * scope; never more). The refresh token is not rotated — Rocket.Chat's Apps CLI never stores a new one — so
 * it serves until it is revoked or expires; its row records its last use. Marking that use locks the row:
 * a revocation running meanwhile waits, then also revokes the access token issued here.
 */
export async function refreshAccess(db: Db, client: RegisteredClient, refreshToken: string, askedScope: string | undefined): Promise<TokenReply> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(cloudRefreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(cloudRefreshTokens.tokenHash, sha256(refreshToken)),
          eq(cloudRefreshTokens.clientId, client.id),
          isNull(cloudRefreshTokens.revokedAt),
          gt(cloudRefreshTokens.expiresAt, now),
        ),
      )
      .returning();
    if (!row) throw new OAuthError(400, 'invalid_grant', 'The refresh token is invalid, expired or revoked.');
    const granted = parseScope(row.scope);
    const asked = askedScope === undefined || askedScope.trim() === '' ? granted : parseScope(askedScope);
    if (!withinScopes(asked, granted)) throw new OAuthError(400, 'invalid_scope', 'The scope asked for is more than the refresh token was granted.');
    return newAccessToken(tx, client, row.cloudUserId, asked);
  });
}

/**
 * Revocation (RFC 7009) by the client the token was issued to: a refresh token ends, with every access
 * token this client holds for that person (a sign-out of the CLI signs it out everywhere it was refreshed);
 * an access token ends alone. Unknown tokens are no error. Returns the hashes of the access tokens revoked
 * (for the credential cache); a token of another client is refused and nothing changes.
 */
export async function revokeToken(db: Db, client: RegisteredClient, token: string, hint: string | undefined): Promise<string[]> {
  const hash = sha256(token);
  return db.transaction(async (tx) => {
    const revokeRefresh = async () => {
      const [row] = await tx.select().from(cloudRefreshTokens).where(eq(cloudRefreshTokens.tokenHash, hash)).limit(1);
      if (!row) return null;
      if (row.clientId !== client.id) throw notYours();
      const now = new Date();
      await tx
        .update(cloudRefreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(cloudRefreshTokens.tokenHash, hash), isNull(cloudRefreshTokens.revokedAt)));
      const revoked = await tx
        .update(cloudTokens)
        .set({ revokedAt: now })
        .where(
          and(eq(cloudTokens.clientId, client.id), eq(cloudTokens.cloudUserId, row.cloudUserId), isNull(cloudTokens.revokedAt), gt(cloudTokens.expiresAt, now)),
        )
        .returning({ tokenHash: cloudTokens.tokenHash });
      return revoked.map((r) => r.tokenHash);
    };
    const revokeAccess = async () => {
      const [row] = await tx.select({ clientId: cloudTokens.clientId }).from(cloudTokens).where(eq(cloudTokens.tokenHash, hash)).limit(1);
      if (!row) return null;
      if (row.clientId !== client.id) throw notYours();
      const revoked = await tx
        .update(cloudTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(cloudTokens.tokenHash, hash), isNull(cloudTokens.revokedAt)))
        .returning({ tokenHash: cloudTokens.tokenHash });
      return revoked.map((r) => r.tokenHash);
    };
    // The hint says where to look first (RFC 7009 §2.1); a wrong or unknown hint only costs a second look.
    const [first, second] = hint === 'access_token' ? [revokeAccess, revokeRefresh] : [revokeRefresh, revokeAccess];
    return (await first()) ?? (await second()) ?? [];
  });
}

const notYours = () => new OAuthError(400, 'unauthorized_client', 'This token was not issued to this client.');
