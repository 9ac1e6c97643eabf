import { and, eq, getTableColumns, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sha256 } from '../db/ids';
import { developers, sessions } from '../db/schema';
import { SessionCache, isWrite } from '../services/session-cache';

export type SessionRow = typeof sessions.$inferSelect;
export type DeveloperRow = typeof developers.$inferSelect;
export type AuthContext = { tokenHash: string; session: SessionRow; developer: DeveloperRow | null };

/**
 * Bearer token → the portal session → the developer (null before sign-up), in one indexed query, kept in
 * this process for SESSION_CACHE_SECONDS (a revocation or a developer change reaches every process's
 * cache through the database's `portal_auth` notifications). No token: `request.auth` is null.
 */
export default fp(
  async function auth(app: FastifyInstance) {
    const cache = new SessionCache<AuthContext>({ ttlMs: app.config.sessionCacheSeconds * 1000 });
    if (app.config.sessionCacheSeconds > 0) {
      const stop = await app.dbListen('portal_auth', (message) => cache.invalidate(message), (on) => cache.setListening(on));
      app.addHook('onClose', async () => stop());
    }
    const lookup = async (tokenHash: string): Promise<AuthContext | null> => {
      const [row] = await app.db
        .select({ session: getTableColumns(sessions), developer: getTableColumns(developers) })
        .from(sessions)
        .leftJoin(developers, eq(developers.cloudUserId, sessions.cloudUserId))
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
        .limit(1);
      return row ? { tokenHash, session: row.session, developer: row.developer ?? null } : null;
    };
    // Read your own writes: a write by a signed-in user forgets what this process keeps of them before the
    // answer leaves (the database's notification, which tells the other processes, may come a moment later).
    // A refused request wrote nothing.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.auth && isWrite(request.method, reply.statusCode)) cache.invalidate(`user:${request.auth.session.cloudUserId}`);
      return payload;
    });
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return;
      const token = header.slice('Bearer '.length).trim();
      if (!token || token.length > 200) return;
      const tokenHash = sha256(token);
      let auth = cache.get(tokenHash);
      if (!auth) {
        const mark = cache.mark();
        auth = (await lookup(tokenHash)) ?? undefined;
        if (auth) cache.set(tokenHash, auth, mark);
      }
      // A copy: a route may not change what the next request of this session sees.
      if (auth) request.auth = { ...auth };
    });
  },
  { name: 'auth', dependencies: ['db', 'config'] },
);

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
