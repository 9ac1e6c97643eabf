import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { DEV_AUTH_PATH } from '../../config';
import { newId, randomToken, sha256, sha256Base64Url } from '../../db/ids';
import { authCodes, cloudTokens, cloudUsers } from '../../db/schema';
import { authorizePage } from './dev-page';

export const CODE_TTL_MS = 10 * 60 * 1000;

const AuthorizeQuery = z.object({
  response_type: z.literal('code'),
  client_id: z.string().min(1),
  redirect_uri: z.string().min(1),
  scope: z.string().default(''),
  state: z.string().min(1).max(200),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  code_challenge_method: z.literal('S256'),
});
const PickUser = AuthorizeQuery.extend({ user_id: z.string().min(1) });
const NewUser = AuthorizeQuery.extend({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  email: z.email().max(200),
});
const TokenRequest = z.object({
  grant_type: z.literal('authorization_code'),
  code: z.string().min(1),
  redirect_uri: z.string().min(1),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  code_verifier: z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/),
});

type Options = { clientId: string; clientSecret: string };

const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
  reply.status(status).header('cache-control', 'no-store').send({ error, error_description: description });

/** Only callbacks on this machine or the configured public origin may receive codes. */
function allowedRedirect(uri: string, publicUrl: string | undefined): boolean {
  if (!URL.canParse(uri)) return false;
  const u = new URL(uri);
  if (u.pathname !== '/oauth/callback' || u.search || u.hash) return false;
  if (publicUrl && URL.canParse(publicUrl) && new URL(publicUrl).origin === u.origin) return true;
  return u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
}

/**
 * The embedded development authorization server (OAuth 2.0 code flow with PKCE S256), mounted only
 * when no external issuer is configured. Its authorize page lets a person pick a cloud user or create one.
 */
export async function devAuthServer(app: FastifyInstance, opts: Options) {
  const base = DEV_AUTH_PATH;
  const issuerOf = (req: { protocol: string; host: string }) => `${req.protocol}://${req.host}${base}`;

  app.get(`${base}/.well-known/openid-configuration`, async (request) => {
    const issuer = issuerOf(request);
    return {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/userinfo`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_post'],
      scopes_supported: ['marketplace'],
    };
  });

  const checkClient = (q: z.infer<typeof AuthorizeQuery>) =>
    q.client_id !== opts.clientId
      ? 'Unknown client_id.'
      : !allowedRedirect(q.redirect_uri, app.config.publicUrl)
        ? 'This redirect_uri is not registered for the client.'
        : null;

  const renderPage = async (reply: FastifyReply, q: z.infer<typeof AuthorizeQuery>, error?: string) => {
    const users = await app.db.select().from(cloudUsers).orderBy(asc(cloudUsers.firstName), asc(cloudUsers.lastName));
    return reply
      .status(error ? 400 : 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(authorizePage({ action: `${base}/authorize`, params: q, users, error, product: app.config.productName, production: app.config.production }));
  };

  app.get(`${base}/authorize`, async (request, reply) => {
    const q = AuthorizeQuery.safeParse(request.query);
    if (!q.success) {
      return reply.status(400).type('text/plain').send(`Invalid authorization request: ${q.error.issues.map((i) => i.path.join('.')).join(', ')}`);
    }
    const clientError = checkClient(q.data);
    if (clientError) return reply.status(400).type('text/plain').send(clientError);
    return renderPage(reply, q.data);
  });

  app.post(`${base}/authorize`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const base = AuthorizeQuery.safeParse(body);
    if (!base.success) return reply.status(400).type('text/plain').send('Invalid authorization request.');
    const clientError = checkClient(base.data);
    if (clientError) return reply.status(400).type('text/plain').send(clientError);

    let userId: string;
    if ('user_id' in body) {
      const pick = PickUser.parse(body);
      const [user] = await app.db.select({ id: cloudUsers.id }).from(cloudUsers).where(eq(cloudUsers.id, pick.user_id));
      if (!user) return renderPage(reply, base.data, 'That cloud user does not exist.');
      userId = user.id;
    } else {
      const created = NewUser.safeParse(body);
      if (!created.success) return renderPage(reply, base.data, 'First name, last name and a valid email are required.');
      const email = created.data.email.toLowerCase();
      const [existing] = await app.db.select({ id: cloudUsers.id }).from(cloudUsers).where(eq(cloudUsers.email, email));
      if (existing) return renderPage(reply, base.data, 'A cloud user with this email already exists: pick it from the list.');
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
      clientId: base.data.client_id,
      redirectUri: base.data.redirect_uri,
      codeChallenge: base.data.code_challenge,
      cloudUserId: userId,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
    const target = new URL(base.data.redirect_uri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', base.data.state);
    return reply.redirect(target.toString(), 302);
  });

  app.post(`${base}/token`, async (request, reply) => {
    const t = TokenRequest.safeParse(request.body ?? {});
    if (!t.success) return oauthError(reply, 400, 'invalid_request', 'The token request is missing or has invalid parameters.');
    if (t.data.client_id !== opts.clientId || t.data.client_secret !== opts.clientSecret) {
      return oauthError(reply, 401, 'invalid_client', 'Client authentication failed.');
    }
    // Single use: the code is claimed by the one update that finds it unused and unexpired.
    const [claimed] = await app.db
      .update(authCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(authCodes.codeHash, sha256(t.data.code)), isNull(authCodes.usedAt), gt(authCodes.expiresAt, new Date())))
      .returning();
    if (!claimed) return oauthError(reply, 400, 'invalid_grant', 'The sign-in code is invalid, expired or was already used.');
    if (claimed.clientId !== t.data.client_id || claimed.redirectUri !== t.data.redirect_uri) {
      return oauthError(reply, 400, 'invalid_grant', 'The redirect_uri does not match the authorization request.');
    }
    if (sha256Base64Url(t.data.code_verifier) !== claimed.codeChallenge) {
      return oauthError(reply, 400, 'invalid_grant', 'The PKCE code verifier does not match the code challenge.');
    }
    const accessToken = randomToken();
    const expiresIn = 600;
    await app.db.insert(cloudTokens).values({
      tokenHash: sha256(accessToken),
      cloudUserId: claimed.cloudUserId,
      expiresAt: new Date(Date.now() + expiresIn * 1000),
    });
    return reply.header('cache-control', 'no-store').send({ access_token: accessToken, token_type: 'Bearer', expires_in: expiresIn });
  });

  app.get(`${base}/userinfo`, async (request, reply) => {
    const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const [row] = await app.db
      .select({ user: cloudUsers })
      .from(cloudTokens)
      .innerJoin(cloudUsers, eq(cloudUsers.id, cloudTokens.cloudUserId))
      .where(and(eq(cloudTokens.tokenHash, sha256(token)), gt(cloudTokens.expiresAt, new Date())));
    if (!row) return oauthError(reply, 401, 'invalid_token', 'The access token is invalid or expired.');
    const u = row.user;
    return { sub: u.id, email: u.email, given_name: u.firstName, family_name: u.lastName, preferred_username: u.username, account_id: u.accountId };
  });
}
