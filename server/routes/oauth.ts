import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { initServer } from '@ts-rest/fastify';
import { contract } from '../../contract';
import { randomToken, sha256 } from '../db/ids';
import { cloudUsers, developers, sessions } from '../db/schema';
import { requireSession } from '../plugins/access';

const s = initServer();

export const oauthRoutes = (app: FastifyInstance) => ({
  exchange: s.route(contract.oauth.exchange, async ({ body }) => {
    const user = await app.identity.exchange(body);
    const email = user.email.toLowerCase();
    const token = randomToken();
    const ttl = app.config.sessionTtlSeconds;
    await app.db.transaction(async (tx) => {
      // The portal remembers every cloud user who signed in: owners add them as developers.
      await tx
        .insert(cloudUsers)
        .values({ id: user.sub, email, firstName: user.given_name, lastName: user.family_name, username: user.preferred_username })
        .onConflictDoUpdate({
          target: cloudUsers.id,
          set: { email, firstName: user.given_name, lastName: user.family_name },
        });
      await tx.insert(sessions).values({
        tokenHash: sha256(token),
        cloudUserId: user.sub,
        email,
        firstName: user.given_name,
        lastName: user.family_name,
        expiresAt: new Date(Date.now() + ttl * 1000),
      });
      await tx.update(developers).set({ lastActivityDate: new Date() }).where(eq(developers.cloudUserId, user.sub));
    });
    return { status: 200, body: { access_token: token, expires_in: ttl } };
  }),

  revoke: s.route(contract.oauth.revoke, async ({ request }) => {
    const auth = requireSession(request);
    await app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, auth.tokenHash));
    return { status: 200, body: { success: true as const } };
  }),
});
