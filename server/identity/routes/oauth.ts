import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { initServer } from '@ts-rest/fastify';
import { contract } from '../../../contract';
import { randomToken, sha256 } from '../../db/ids';
import { cloudUsers, developers, sessions } from '../../db/schema';
import { completeConnect, refreshBalance, startConnect } from '../../commerce/payout-account';
import { requireDeveloper, requireSession } from '../../kernel/plugins/access';

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
        .values({
          id: user.sub,
          email,
          firstName: user.given_name,
          lastName: user.family_name,
          username: user.preferred_username,
          accountId: user.account_id ?? '',
        })
        .onConflictDoUpdate({
          target: cloudUsers.id,
          set: { email, firstName: user.given_name, lastName: user.family_name, ...(user.account_id ? { accountId: user.account_id } : {}) },
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

  stripeUrl: s.route(contract.oauth.stripeUrl, async ({ request, query }) => {
    const developer = requireDeveloper(request);
    // Where the provider sends the browser back: the configured public origin, else the one it asked on.
    const origin = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
    const url = await startConnect(app.db, app.payments, { publisherId: developer.publisherId, email: developer.email, state: query.state, origin });
    return { status: 200, body: { url } };
  }),

  stripeConnect: s.route(contract.oauth.stripeConnect, async ({ request, body }) => {
    const developer = requireDeveloper(request);
    await completeConnect(app.db, app.payments, developer.publisherId, body.code);
    await refreshBalance(app.db, app.payments, developer.publisherId).catch((err: unknown) =>
      request.log.warn({ err }, 'the balance could not be read after connecting'),
    );
    return { status: 200, body: { success: true as const } };
  }),

  revoke: s.route(contract.oauth.revoke, async ({ request }) => {
    const auth = requireSession(request);
    await app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, auth.tokenHash));
    return { status: 200, body: { success: true as const } };
  }),
});
