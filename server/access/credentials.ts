import { and, eq, getTableColumns, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiTokens, cloudTokens, cloudUsers, developers, sessions } from '../db/schema';
import type { AuthContext, DeveloperRow } from './caller';
import type { TokenAbility } from '../../contract/access';

/** What the portal's API tokens start with (GitHub-style, so secret scanners and people recognize them). */
export const API_TOKEN_PREFIX = 'rcmp_';
/**
 * What the access tokens the portal issues to registered Rocket.Chat workspaces start with (`/api/oauth/token`'s
 * client_credentials grant): never a portal credential — the workspace gate checks them on the routes that take
 * them — so the auth plugin looks them up as nothing else.
 */
export const WORKSPACE_TOKEN_PREFIX = 'rcwt_';

/** Which kind of credential a bearer token is, by its form alone (what the auth plugin looks it up as). */
export const credentialKind = (token: string): 'apiToken' | 'workspace' | 'sessionOrCloud' =>
  token.startsWith(API_TOKEN_PREFIX) ? 'apiToken' : token.startsWith(WORKSPACE_TOKEN_PREFIX) ? 'workspace' : 'sessionOrCloud';

/** The scope a cloud access token needs to submit apps (what Rocket.Chat's Apps CLI asks for). */
export const SUBMIT_SCOPE = 'marketplace:app-submit';

/** A portal browser session. */
export async function sessionCredential(db: Db, tokenHash: string): Promise<AuthContext | null> {
  const [row] = await db
    .select({ session: getTableColumns(sessions), developer: getTableColumns(developers) })
    .from(sessions)
    .leftJoin(developers, eq(developers.cloudUserId, sessions.cloudUserId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ? { tokenHash, session: row.session, developer: row.developer ?? null, grant: { via: 'session' } } : null;
}

/**
 * An API token of a publisher (or one trusted publishing minted): it acts as a developer of its publisher
 * (the policy's `developer` role there: read, create and update apps, nothing of the team or payouts),
 * within its abilities and apps. Its "developer" is the token itself, so nothing it does is anyone's.
 */
export async function apiTokenCredential(db: Db, tokenHash: string): Promise<AuthContext | null> {
  const [token] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.secretHash, tokenHash), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, new Date())))
    .limit(1);
  if (!token) return null;
  const principal = `token:${token.id}`;
  const developer: DeveloperRow = {
    id: principal,
    publisherId: token.publisherId,
    firstName: token.name,
    lastName: '',
    email: '',
    emailVerified: false,
    chatUsername: '',
    cloudUserId: principal,
    role: 'developer',
    systemRole: 'user',
    lastActivityDate: null,
    notificationsOff: {},
    createdAt: token.createdAt,
  };
  return {
    tokenHash,
    session: {
      tokenHash,
      cloudUserId: principal,
      email: '',
      firstName: token.name,
      lastName: '',
      expiresAt: token.expiresAt,
      revokedAt: null,
      createdAt: token.createdAt,
    },
    developer,
    grant: {
      via: token.trustPolicyId ? 'trusted' : 'apiToken',
      tokenId: token.id,
      abilities: token.abilities as TokenAbility[],
      apps: token.appIds ?? 'all',
    },
    apiToken: { id: token.id, publisherId: token.publisherId, lastUsedAt: token.lastUsedAt, seenIps: token.seenIps },
  };
}

/**
 * A cloud access token a registered client (Rocket.Chat's Apps CLI) holds, with the scope to submit apps:
 * the person it was issued to, acting as their developer account within `submit` (and `read`).
 * `identity` is who the token names: from the embedded authorization server's table, or the issuer's
 * verdict in production (server/identity/issuer-tokens.ts).
 */
export async function cloudCredential(
  db: Db,
  tokenHash: string,
  identity: { cloudUserId: string; scope: string; expiresAt: Date } | null,
): Promise<AuthContext | null> {
  if (!identity || !identity.scope.split(' ').includes(SUBMIT_SCOPE)) return null;
  // The person's developer account; else, for the embedded server's users, their cloud user (a person an
  // external issuer vouches for exists here only once they have a developer account).
  const [developer] = await db.select().from(developers).where(eq(developers.cloudUserId, identity.cloudUserId)).limit(1);
  const [user] = developer ? [developer] : await db.select().from(cloudUsers).where(eq(cloudUsers.id, identity.cloudUserId)).limit(1);
  if (!user) return null;
  return {
    tokenHash,
    session: {
      tokenHash,
      cloudUserId: identity.cloudUserId,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      expiresAt: identity.expiresAt,
      revokedAt: null,
      createdAt: new Date(),
    },
    developer: developer ?? null,
    grant: { via: 'cloudToken', tokenId: tokenHash.slice(0, 12), abilities: ['read', 'submit'], apps: 'all' },
  };
}

/** Who an access token of the embedded authorization server names, with its scope (none once revoked or expired). */
export async function embeddedCloudToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ cloudUserId: cloudTokens.cloudUserId, scope: cloudTokens.scope, expiresAt: cloudTokens.expiresAt })
    .from(cloudTokens)
    .where(and(eq(cloudTokens.tokenHash, tokenHash), isNull(cloudTokens.revokedAt), gt(cloudTokens.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}
