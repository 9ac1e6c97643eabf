import { and, asc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { initServer } from '@ts-rest/fastify';
import { checkWebhookUrl } from '../../webhooks/webhooks';
import { contract } from '../../../contract';
import { PLACEHOLDER_ID } from '../../../contract/schemas/developer';
import { newId } from '../../db/ids';
import { cloudUsers, developers, publishers } from '../../db/schema';
import { HttpError, badRequest, conflict, notFound } from '../../errors';
import { changeRole, removeFromPublisher } from '../team';
import { providerFailure, refreshBalance } from '../../commerce/payout-account';
import { requireDeveloper, requireSession, resourceOf } from '../../kernel/plugins/access';
import { toDeveloper, toPublisher } from '../views';
import { requestPaidApps } from '../paid-apps';
import { siteOf } from '../../mail/worker';

const s = initServer();

export const publisherRoutes = (app: FastifyInstance) => {
  const loadPublisher = async (id: string) => {
    const [row] = await app.db.select().from(publishers).where(eq(publishers.id, id));
    if (!row) throw notFound('Publisher');
    return row;
  };

  return {
    get: s.route(contract.publisher.get, async ({ request }) => {
      const developer = requireDeveloper(request);
      return { status: 200, body: toPublisher(await loadPublisher(developer.publisherId)) };
    }),

    signUp: s.route(contract.publisher.signUp, async ({ request, body }) => {
      const auth = requireSession(request);
      if (!app.config.signupsEnabled) throw new HttpError(403, 'signups_disabled', 'Sign ups are disabled');
      const fields = {
        name: body.name,
        city: body.publisherCity,
        state: body.publisherState,
        country: body.publisherCountry,
        tosLink: body.tosLink,
        privacyLink: body.privacyLink,
        isRegistered: true,
      };
      const result = await app.db.transaction(async (tx) => {
        const [existing] = await tx.select().from(developers).where(eq(developers.cloudUserId, auth.session.cloudUserId)).for('update');
        if (existing?.publisherId) {
          const [current] = await tx.select().from(publishers).where(eq(publishers.id, existing.publisherId)).for('update');
          if (current?.isRegistered) throw conflict('already_registered', 'This account already has a registered publisher.');
          // An unregistered publisher (made for this user by staff) is completed, not duplicated.
          const [publisher] = await tx.update(publishers).set(fields).where(eq(publishers.id, existing.publisherId)).returning();
          const [developer] = await tx.update(developers).set({ chatUsername: body.chatUsername }).where(eq(developers.id, existing.id)).returning();
          return { publisher: publisher!, developer: developer! };
        }
        const publisherId = newId();
        // The publisher belongs to the person's cloud account; someone in none starts one with it.
        const [person] = await tx.select({ accountId: cloudUsers.accountId }).from(cloudUsers).where(eq(cloudUsers.id, auth.session.cloudUserId));
        const accountId = person?.accountId || newId();
        if (person && !person.accountId) await tx.update(cloudUsers).set({ accountId }).where(eq(cloudUsers.id, auth.session.cloudUserId));
        const [publisher] = await tx
          .insert(publishers)
          .values({ id: publisherId, accountId, ...fields })
          .returning();
        const values = {
          publisherId,
          chatUsername: body.chatUsername,
          role: 'owner' as const,
          lastActivityDate: new Date(),
        };
        const [developer] = existing
          ? await tx.update(developers).set(values).where(eq(developers.id, existing.id)).returning()
          : await tx
              .insert(developers)
              .values({
                id: newId(),
                cloudUserId: auth.session.cloudUserId,
                firstName: auth.session.firstName,
                lastName: auth.session.lastName,
                email: auth.session.email,
                emailVerified: true,
                systemRole: 'user',
                ...values,
              })
              .returning();
        return { publisher: publisher!, developer: developer! };
      });
      return { status: 201, body: { publisher: toPublisher(result.publisher), developer: toDeveloper(result.developer) } };
    }),

    update: s.route(contract.publisher.update, async ({ request, body }) => {
      const developer = requireDeveloper(request);
      // The webhook link obeys the webhooks' address rules (public https://) when it changes.
      const current = await loadPublisher(developer.publisherId);
      if (body.webhookLink && body.webhookLink !== current.webhookLink) {
        await checkWebhookUrl(body.webhookLink, { allowPrivateNetworks: app.config.webhooks.allowPrivateNetworks }, 'webhookLink');
      }
      const [row] = await app.db.update(publishers).set(body).where(eq(publishers.id, developer.publisherId)).returning();
      if (!row) throw notFound('Publisher');
      return { status: 200, body: toPublisher(row) };
    }),

    users: s.route(contract.publisher.users, async ({ request }) => {
      const developer = requireDeveloper(request);
      const publisher = await loadPublisher(developer.publisherId);
      if (!publisher.accountId) return { status: 200, body: [] };
      // The people of the publisher's own cloud account: free to add, or already its developers.
      const rows = await app.db
        .select({ user: cloudUsers, developerId: developers.id, publisherId: developers.publisherId })
        .from(cloudUsers)
        .leftJoin(developers, eq(developers.cloudUserId, cloudUsers.id))
        .where(and(eq(cloudUsers.accountId, publisher.accountId), or(isNull(developers.publisherId), eq(developers.publisherId, developer.publisherId))))
        .orderBy(asc(cloudUsers.firstName), asc(cloudUsers.lastName))
        .limit(1000);
      return {
        status: 200,
        body: rows.map((r) => ({
          id: r.publisherId === developer.publisherId && r.developerId ? r.developerId : PLACEHOLDER_ID,
          cloudId: r.user.id,
          label: `${r.user.firstName} ${r.user.lastName} (${r.user.email})`,
        })),
      };
    }),

    addUser: s.route(contract.publisher.addUser, async ({ request, body }) => {
      const owner = requireDeveloper(request);
      const publisher = await loadPublisher(owner.publisherId);
      if (!publisher.accountId) throw notFound('Cloud user');
      const added = await app.db.transaction(async (tx) => {
        // Only someone of the publisher's own cloud account: anyone else is not found.
        const [user] = await tx
          .select()
          .from(cloudUsers)
          .where(and(eq(cloudUsers.id, body.userCloudId), eq(cloudUsers.accountId, publisher.accountId)));
        if (!user) throw notFound('Cloud user');
        const [existing] = await tx.select().from(developers).where(eq(developers.cloudUserId, user.id)).for('update');
        if (existing?.publisherId) throw conflict('already_added', 'This user is already a developer of a publisher.');
        const values = { publisherId: owner.publisherId, role: body.role };
        const [row] = existing
          ? await tx.update(developers).set(values).where(eq(developers.id, existing.id)).returning()
          : await tx
              .insert(developers)
              .values({
                id: newId(),
                cloudUserId: user.id,
                firstName: user.firstName,
                lastName: user.lastName,
                email: user.email,
                emailVerified: true,
                chatUsername: user.username,
                ...values,
              })
              .returning();
        return row!;
      });
      return { status: 201, body: toDeveloper(added) };
    }),

    setDeveloperRole: s.route(contract.publisher.setDeveloperRole, async ({ request, params, body }) => {
      if (body.developerId !== params.developerId)
        throw badRequest('The developer in the body is not the one in the path.', [
          { path: 'developerId', message: 'The developer in the body is not the one in the path.' },
        ]);
      const row = await changeRole(app.db, resourceOf(request, 'teamMember'), body.role);
      app.forgetCredential(`user:${row.cloudUserId}`);
      return { status: 200, body: toDeveloper(row) };
    }),

    removeDeveloper: s.route(contract.publisher.removeDeveloper, async ({ request }) => {
      const row = await removeFromPublisher(app.db, resourceOf(request, 'teamMember'));
      app.forgetCredential(`user:${row.cloudUserId}`);
      return { status: 200, body: { success: true as const } };
    }),

    balance: s.route(contract.publisher.balance, async ({ request }) => {
      const { publisherId } = requireDeveloper(request);
      try {
        await refreshBalance(app.db, app.payments, publisherId);
      } catch (e) {
        throw providerFailure(e);
      }
      const publisher = await loadPublisher(publisherId);
      return { status: 200, body: { available: publisher.stripeAvailableBalance, pending: publisher.stripePendingBalance } };
    }),

    requestPaidApps: s.route(contract.publisher.requestPaidApps, async ({ request, body }) => {
      const developer = requireDeveloper(request);
      const name = `${developer.firstName} ${developer.lastName}`.trim() || developer.email;
      await requestPaidApps(app.db, {
        publisherId: developer.publisherId,
        by: { id: developer.id, name, email: developer.email },
        message: body.message,
        supportEmail: app.config.supportEmail,
        site: siteOf(app),
      });
      return { status: 200, body: { success: true as const } };
    }),

    stripeDashboard: s.route(contract.publisher.stripeDashboard, async ({ request }) => {
      const publisher = await loadPublisher(requireDeveloper(request).publisherId);
      if (!publisher.stripeAccountId) throw new HttpError(400, 'no_payment_account', 'Connect a payment account first.');
      try {
        return { status: 200, body: { url: await app.payments.dashboardUrl(publisher.stripeAccountId) } };
      } catch (e) {
        throw providerFailure(e);
      }
    }),

    developers: s.route(contract.publisher.developers, async ({ request }) => {
      const developer = requireDeveloper(request);
      const rows = await app.db
        .select()
        .from(developers)
        .where(and(isNotNull(developers.publisherId), eq(developers.publisherId, developer.publisherId)))
        .orderBy(asc(developers.lastName), asc(developers.firstName));
      return { status: 200, body: rows.map(toDeveloper) };
    }),
  };
};
