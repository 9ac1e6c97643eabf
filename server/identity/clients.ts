import { createHash, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oauthClients } from '../db/schema';

/**
 * A client of the embedded authorization server. The portal itself is the one confidential client (its id
 * and secret are configured: CLOUD_CLIENT_ID / CLOUD_CLIENT_SECRET); every other client is a row of
 * `oauth_clients`: public (no secret, PKCE S256), allowed exactly the redirect URIs and scopes of its row.
 */
export type RegisteredClient = {
  id: string;
  name: string;
  /** The scopes it may ask for. */
  scopes: readonly string[];
  redirectAllowed: (uri: string) => boolean;
} & ({ kind: 'confidential'; secret: string } | { kind: 'public' });

export type PortalClient = { clientId: string; clientSecret: string; publicUrl: string | undefined };

/** What the portal's own sign-in asks for (the SPA sends `marketplace`); never a refresh token or the submit scope. */
export const PORTAL_SCOPES = ['marketplace', 'openid', 'profile', 'email'] as const;

/** The portal's callbacks: on this machine, or on the configured public origin. */
function portalRedirect(uri: string, publicUrl: string | undefined): boolean {
  if (!URL.canParse(uri)) return false;
  const u = new URL(uri);
  if (u.pathname !== '/oauth/callback' || u.search || u.hash) return false;
  if (publicUrl && URL.canParse(publicUrl) && new URL(publicUrl).origin === u.origin) return true;
  return u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
}

/** The client with this id, or null when none is registered. */
export async function findClient(db: Db, portal: PortalClient, id: string): Promise<RegisteredClient | null> {
  if (id === portal.clientId) {
    return {
      kind: 'confidential',
      id,
      name: 'the marketplace portal',
      secret: portal.clientSecret,
      scopes: PORTAL_SCOPES,
      redirectAllowed: (uri) => portalRedirect(uri, portal.publicUrl),
    };
  }
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, id)).limit(1);
  if (!row) return null;
  return { kind: 'public', id: row.id, name: row.name, scopes: row.scopes, redirectAllowed: (uri) => row.redirectUris.includes(uri) };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Client authentication at the token and revocation endpoints: a confidential client sends its secret
 * (`client_secret_post`, compared in constant time); a public client sends none — one that does is
 * refused, as it is not what the client was registered as.
 */
export function clientAuthenticated(client: RegisteredClient, secret: string | undefined): boolean {
  if (client.kind === 'public') return secret === undefined || secret === '';
  return secret !== undefined && timingSafeEqual(digest(secret), digest(client.secret));
}

/** Whether a token request is the portal's own exchange (its id and secret): it is not rate limited here. */
export function isPortalClientRequest(body: unknown, portal: PortalClient): boolean {
  if (!body || typeof body !== 'object') return false;
  const { client_id: id, client_secret: secret } = body as Record<string, unknown>;
  return id === portal.clientId && typeof secret === 'string' && timingSafeEqual(digest(secret), digest(portal.clientSecret));
}
