import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sha256 } from '../db/ids';
import { developers, sessions } from '../db/schema';

export type SessionRow = typeof sessions.$inferSelect;
export type DeveloperRow = typeof developers.$inferSelect;
export type AuthContext = { tokenHash: string; session: SessionRow; developer: DeveloperRow | null };

/** Bearer token → the portal session → the developer (null before sign-up). No token: `request.auth` is null. */
export default fp(
  async function auth(app: FastifyInstance) {
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return;
      const token = header.slice('Bearer '.length).trim();
      if (!token || token.length > 200) return;
      const tokenHash = sha256(token);
      const [session] = await app.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
        .limit(1);
      if (!session) return;
      const [developer] = await app.db.select().from(developers).where(eq(developers.cloudUserId, session.cloudUserId)).limit(1);
      request.auth = { tokenHash, session, developer: developer ?? null };
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
