import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiTokenCredential, cloudCredential, credentialKind, sessionCredential } from '../../access/credentials';
import type { AuthContext } from '../../access/caller';
import { sha256 } from '../../db/ids';
import { recordTokenUse } from '../api-tokens/use';
import { isWrite } from '../../kernel/http';
import { SessionCache } from '../session-cache';

/** The longest bearer credential read (a cloud issuer's signed JWT; the portal's own are 43–48 characters). */
const MAX_TOKEN_LENGTH = 4096;

/**
 * Bearer token → the portal session → the developer (null before sign-up), in one indexed query, kept in
 * this process for SESSION_CACHE_SECONDS (a revocation or a developer change reaches every process's
 * cache through the database's `portal_auth` notifications). No token: `request.auth` is null.
 */
export default fp(
  async function auth(app: FastifyInstance) {
    const cache = new SessionCache<AuthContext>({ ttlMs: app.config.sessionCacheSeconds * 1000 });
    if (app.config.sessionCacheSeconds > 0) {
      const stop = await app.dbListen(
        'portal_auth',
        (message) => cache.invalidate(message),
        (on) => cache.setListening(on),
      );
      app.addHook('onClose', async () => stop());
    }
    // Which credential a token is: an API token by its prefix; a workspace's token (its prefix) is none of the
    // portal's; else a portal session, else a cloud access token of a registered client (the Apps CLI) that
    // carries the submit scope.
    const lookup = async (token: string, tokenHash: string): Promise<AuthContext | null> => {
      const kind = credentialKind(token);
      if (kind === 'apiToken') return apiTokenCredential(app.db, tokenHash);
      if (kind === 'workspace') return null;
      return (await sessionCredential(app.db, tokenHash)) ?? cloudCredential(app.db, tokenHash, await app.cloudAccessToken(token, tokenHash));
    };
    // Read your own writes: a write by a signed-in user forgets what this process keeps of them before the
    // answer leaves (the database's notification, which tells the other processes, may come a moment later).
    // A refused request wrote nothing.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.auth && isWrite(request.method, reply.statusCode)) cache.invalidate(`user:${request.auth.session.cloudUserId}`);
      return payload;
    });
    // A credential ended, or a person changed, by someone other than its holder (the authorization server's
    // revocation endpoint, an API token revoked by a person, a developer's role changed by an owner or by
    // staff): this process forgets it before the answer leaves; the database's notification tells the others.
    app.decorate('forgetCredential', (message: string) => cache.invalidate(message));
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return;
      const token = header.slice('Bearer '.length).trim();
      if (!token || token.length > MAX_TOKEN_LENGTH) return;
      const tokenHash = sha256(token);
      let auth = cache.get(tokenHash);
      if (!auth) {
        const mark = cache.mark();
        auth = (await lookup(token, tokenHash)) ?? undefined;
        if (auth) cache.set(tokenHash, auth, mark);
      }
      // A copy: a route may not change what the next request of this session sees.
      if (auth) request.auth = { ...auth };
      // An API token's last use and new addresses are recorded (at most once a minute per token and address).
      if (auth?.apiToken) await recordTokenUse(app.db, auth.apiToken, request.ip);
    });
  },
  { name: 'auth', dependencies: ['db', 'config', 'identity'] },
);

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Forgets what this process keeps of a credential (`session:<token hash>`), a person (`user:<cloud user id>`), or anything else: everyone. */
    forgetCredential: (message: string) => void;
  }
}
