import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DEV_AUTH_PATH } from '../../config';
import { newId, randomToken, sha256, sha256Base64Url } from '../../db/ids';
import { authCodes, cloudTokens, cloudUsers, oauthClients } from '../../db/schema';
import { contentSecurityPolicyHeader } from '../../kernel/plugins/security';
import { clientAuthenticated, findClient, PORTAL_SCOPES, type PortalClient, type RegisteredClient } from '../../identity/clients';
import { authorizePage } from './page';
import { issueTokens, OAuthError, refreshAccess, revokeToken } from '../../identity/grants';
import { CLOUD_PATHS, DEV_PATHS } from '../../identity/paths';
import { parseScope } from '../../identity/scopes';
import { formOf, invalidRequest, oauthError } from '../../identity/token-forms';
import { clientCredentials } from '../../identity/workspace-grant';

export const CODE_TTL_MS = 10 * 60 * 1000;

const AuthorizeQuery = z.object({
  response_type: z.literal('code'),
  client_id: z.string().min(1).max(200),
  redirect_uri: z.string().min(1).max(2000),
  scope: z.string().max(1000).default(''),
  state: z.string().min(1).max(200),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  code_challenge_method: z.literal('S256'),
});
type Authorize = z.infer<typeof AuthorizeQuery>;
const PickUser = AuthorizeQuery.extend({ user_id: z.string().min(1) });
const NewUser = AuthorizeQuery.extend({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  email: z.email().max(200),
});

/** How a client names and authenticates itself in a form (a public client sends no secret). */
const ClientFields = z.object({ client_id: z.string().min(1).max(200), client_secret: z.string().max(500).optional() });
const CodeGrant = ClientFields.extend({
  grant_type: z.literal('authorization_code'),
  code: z.string().min(1).max(200),
  redirect_uri: z.string().min(1).max(2000),
  code_verifier: z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/),
});
const RefreshGrant = ClientFields.extend({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1).max(200),
  scope: z.string().max(1000).optional(),
});
const Revocation = ClientFields.extend({ token: z.string().min(1).max(4096), token_type_hint: z.string().max(50).optional() });

/** The callback as CSP sources: its origin (an app's own scheme, e.g. `myapp:`, has none: the scheme then). */
const callbackSources = (uri: string): string[] => {
  if (!URL.canParse(uri)) return [];
  const u = new URL(uri);
  return [u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : u.protocol];
};

/**
 * The embedded development authorization server (OAuth 2.0 code flow with PKCE S256, refresh tokens,
 * revocation), mounted only when no external issuer is configured. Its authorize page lets a person pick
 * a cloud user or create one — and, when a registered client other than the portal asks, says which and
 * what for. It answers at its own paths and at the cloud's (server/identity/paths.ts).
 */
export async function devAuthServer(app: FastifyInstance, portal: PortalClient) {
  const issuerOf = (req: { protocol: string; host: string }) => `${req.protocol}://${req.host}${DEV_AUTH_PATH}`;

  app.get(DEV_PATHS.discovery, async (request) => {
    const issuer = issuerOf(request);
    const registered = await app.db.select({ scopes: oauthClients.scopes }).from(oauthClients);
    return {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/userinfo`,
      revocation_endpoint: `${issuer}/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      // The portal authenticates with its secret; registered (public) clients with PKCE alone.
      token_endpoint_auth_methods_supported: ['client_secret_post', 'none'],
      revocation_endpoint_auth_methods_supported: ['client_secret_post', 'none'],
      scopes_supported: [...new Set([...PORTAL_SCOPES, ...registered.flatMap((r) => r.scopes)])].sort(),
    };
  });

  /** The client of an authorization request, once its redirect URI and scope are the ones it registered. */
  const checkRequest = async (q: Authorize): Promise<RegisteredClient | string> => {
    const client = await findClient(app.db, portal, q.client_id);
    if (!client) return 'Unknown client_id.';
    if (!client.redirectAllowed(q.redirect_uri)) return 'This redirect_uri is not registered for the client.';
    const beyond = parseScope(q.scope).filter((s) => !client.scopes.includes(s));
    if (beyond.length) return `This client may not ask for the scope: ${beyond.join(' ')}.`;
    return client;
  };

  const renderPage = async (request: FastifyRequest, reply: FastifyReply, q: Authorize, client: RegisteredClient, error?: string) => {
    const users = await app.db.select().from(cloudUsers).orderBy(asc(cloudUsers.firstName), asc(cloudUsers.lastName));
    return (
      reply
        .status(error ? 400 : 200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        // The page's forms post here, and the answer redirects to the client's callback: a browser holds a
        // form's redirect to the page's form-action too, so the callback's origin is allowed as well.
        .header(
          'content-security-policy',
          contentSecurityPolicyHeader(!!app.config.publicUrl?.startsWith('https://'), { formAction: callbackSources(q.redirect_uri) }),
        )
        .send(
          authorizePage({
            action: request.routeOptions.url ?? DEV_PATHS.authorize,
            params: q,
            users,
            error,
            product: app.config.productName,
            production: app.config.production,
            client: client.kind === 'public' ? { name: client.name, scopes: parseScope(q.scope), redirectUri: q.redirect_uri } : undefined,
          }),
        )
    );
  };

  const authorizeGet = async (request: FastifyRequest, reply: FastifyReply) => {
    const q = AuthorizeQuery.safeParse(request.query);
    if (!q.success) {
      return reply
        .status(400)
        .type('text/plain')
        .send(`Invalid authorization request: ${q.error.issues.map((i) => i.path.join('.')).join(', ')}`);
    }
    const client = await checkRequest(q.data);
    if (typeof client === 'string') return reply.status(400).type('text/plain').send(client);
    return renderPage(request, reply, q.data, client);
  };

  const authorizePost = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const parsed = AuthorizeQuery.safeParse(body);
    if (!parsed.success) return reply.status(400).type('text/plain').send('Invalid authorization request.');
    const q = parsed.data;
    const client = await checkRequest(q);
    if (typeof client === 'string') return reply.status(400).type('text/plain').send(client);
    const target = new URL(q.redirect_uri);

    // The person refused: the client hears so (RFC 6749 §4.1.2.1), at the callback it registered.
    if ('deny' in body) {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The person did not allow access.');
      target.searchParams.set('state', q.state);
      return reply.redirect(target.toString(), 302);
    }

    let userId: string;
    if ('user_id' in body) {
      const pick = PickUser.safeParse(body);
      const [user] = pick.success ? await app.db.select({ id: cloudUsers.id }).from(cloudUsers).where(eq(cloudUsers.id, pick.data.user_id)) : [];
      if (!user) return renderPage(request, reply, q, client, 'That cloud user does not exist.');
      userId = user.id;
    } else {
      const created = NewUser.safeParse(body);
      if (!created.success) return renderPage(request, reply, q, client, 'First name, last name and a valid email are required.');
      const email = created.data.email.toLowerCase();
      const [existing] = await app.db.select({ id: cloudUsers.id }).from(cloudUsers).where(eq(cloudUsers.email, email));
      if (existing) return renderPage(request, reply, q, client, 'A cloud user with this email already exists: pick it from the list.');
      userId = newId();
      await app.db.insert(cloudUsers).values({
        id: userId,
        email,
        firstName: created.data.first_name,
        lastName: created.data.last_name,
        username: email.split('@')[0] ?? email,
        accountId: newId(), // a new person starts a cloud account of their own
      });
    }
    const code = randomToken();
    await app.db.insert(authCodes).values({
      codeHash: sha256(code),
      clientId: client.id,
      redirectUri: q.redirect_uri,
      codeChallenge: q.code_challenge,
      scope: parseScope(q.scope).join(' '),
      cloudUserId: userId,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
    target.searchParams.set('code', code);
    target.searchParams.set('state', q.state);
    return reply.redirect(target.toString(), 302);
  };

  /** The client a token or revocation request names, authenticated as it was registered. */
  const authenticate = async (fields: z.infer<typeof ClientFields>) => {
    const client = await findClient(app.db, portal, fields.client_id);
    if (!client || !clientAuthenticated(client, fields.client_secret)) throw new OAuthError(401, 'invalid_client', 'Client authentication failed.');
    return client;
  };

  const exchangeCode = async (form: Record<string, unknown>) => {
    const t = CodeGrant.safeParse(form);
    if (!t.success) throw invalidRequest(t.error);
    const client = await authenticate(t.data);
    // Single use: the code is claimed by the one update that finds it unused and unexpired.
    const [claimed] = await app.db
      .update(authCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(authCodes.codeHash, sha256(t.data.code)), isNull(authCodes.usedAt), gt(authCodes.expiresAt, new Date())))
      .returning();
    if (!claimed || claimed.clientId !== client.id) throw new OAuthError(400, 'invalid_grant', 'The sign-in code is invalid, expired or was already used.');
    if (claimed.redirectUri !== t.data.redirect_uri) throw new OAuthError(400, 'invalid_grant', 'The redirect_uri does not match the authorization request.');
    if (sha256Base64Url(t.data.code_verifier) !== claimed.codeChallenge) {
      throw new OAuthError(400, 'invalid_grant', 'The PKCE code verifier does not match the code challenge.');
    }
    return issueTokens(app.db, client, claimed.cloudUserId, parseScope(claimed.scope));
  };

  const refresh = async (form: Record<string, unknown>) => {
    const t = RefreshGrant.safeParse(form);
    if (!t.success) throw invalidRequest(t.error);
    const client = await authenticate(t.data);
    return refreshAccess(app.db, client, t.data.refresh_token, t.data.scope);
  };

  const token = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const form = formOf(request);
      let tokens;
      if (form.grant_type === 'authorization_code') tokens = await exchangeCode(form);
      else if (form.grant_type === 'refresh_token') tokens = await refresh(form);
      // Registered Rocket.Chat workspaces, at the cloud's path (their `Cloud_Url` is the portal).
      else if (form.grant_type === 'client_credentials' && request.routeOptions.url === CLOUD_PATHS.token) tokens = await clientCredentials(app.db, form);
      else if (typeof form.grant_type === 'string' && form.grant_type) {
        throw new OAuthError(400, 'unsupported_grant_type', 'Only the authorization_code and refresh_token grants are supported.');
      } else throw new OAuthError(400, 'invalid_request', 'The request is missing or has invalid parameters: grant_type.');
      return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(tokens);
    } catch (e) {
      if (e instanceof OAuthError) return oauthError(request, reply, e);
      throw e;
    }
  };

  const revoke = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const r = Revocation.safeParse(formOf(request));
      if (!r.success) throw invalidRequest(r.error);
      const client = await authenticate(r.data);
      const revoked = await revokeToken(app.db, client, r.data.token, r.data.token_type_hint);
      // This process stops honouring them before it answers; the others hear the database (migration 0016).
      for (const hash of revoked) app.forgetCredential(`session:${hash}`);
      return reply.header('cache-control', 'no-store').send({});
    } catch (e) {
      if (e instanceof OAuthError) return oauthError(request, reply, e);
      throw e;
    }
  };

  for (const paths of [DEV_PATHS, CLOUD_PATHS]) {
    app.get(paths.authorize, authorizeGet);
    app.post(paths.authorize, authorizePost);
    app.post(paths.token, token);
    app.post(paths.revoke, revoke);
  }

  app.get(DEV_PATHS.userinfo, async (request, reply) => {
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const [row] = await app.db
      .select({ user: cloudUsers })
      .from(cloudTokens)
      .innerJoin(cloudUsers, eq(cloudUsers.id, cloudTokens.cloudUserId))
      .where(and(eq(cloudTokens.tokenHash, sha256(bearer)), isNull(cloudTokens.revokedAt), gt(cloudTokens.expiresAt, new Date())));
    if (!row) return oauthError(request, reply, new OAuthError(401, 'invalid_token', 'The access token is invalid or expired.'));
    const u = row.user;
    return { sub: u.id, email: u.email, given_name: u.firstName, family_name: u.lastName, preferred_username: u.username, account_id: u.accountId };
  });
}
