import { and, asc, count, desc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { initServer } from '@ts-rest/fastify';
import { contract } from '../../../contract';
import { newId } from '../../db/ids';
import { developers, emailTemplates, publisherActivity, publishers } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { requireStaff, resourceOf } from '../../kernel/plugins/access';
import { pageOfApps } from '../../apps/app-pages';
import { enqueue } from '../../kernel/jobs';
import { MAIL_JOB } from '../../mail/notify';
import { renderMessage, type Template } from '../../mail/templates';
import { siteOf } from '../../mail/worker';
import { providerFailure, refreshBalance, requestPayout } from '../../commerce/payout-account';
import { logPublisherActivity } from '../../kernel/activity';
import { changeRole } from '../team';
import { toDeveloper, toPublisher } from '../views';

const s = initServer();
/** A publisher's apps (or bundles) on its admin profile: all of them, newest first, up to this many. */
const PROFILE_APPS = 500;
const escapeLike = (q: string) => q.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export const adminPublishersRoutes = (app: FastifyInstance) => {
  // The publisher (and developer) the path names, loaded by the gate (server/kernel/plugins/access.ts).
  const publisherOf = (request: FastifyRequest) => resourceOf(request, 'publisher');

  return {
    list: s.route(contract.admin.publishers.list, async ({ query }) => {
      const q = query.q?.trim();
      const where = q ? ilike(publishers.name, `%${escapeLike(q)}%`) : undefined;
      const [rows, [total]] = await Promise.all([
        app.db.select().from(publishers).where(where).orderBy(asc(publishers.name), asc(publishers.id)).limit(query.limit).offset(query.offset),
        app.db.select({ n: count() }).from(publishers).where(where),
      ]);
      return { status: 200, body: { data: rows.map(toPublisher), meta: { total: total?.n ?? 0 } } };
    }),

    get: s.route(contract.admin.publishers.get, async ({ request }) => {
      const { id } = publisherOf(request);
      // The profile shows the provider's balances as they are now; the last known ones if it does not answer.
      await refreshBalance(app.db, app.payments, id).catch((err: unknown) =>
        request.log.warn({ err }, 'the balance could not be read from the payment provider'),
      );
      const [row] = await app.db.select().from(publishers).where(eq(publishers.id, id));
      return { status: 200, body: toPublisher(row!) };
    }),

    activity: s.route(contract.admin.publishers.activity, async ({ request, params, query }) => {
      publisherOf(request);
      const where = eq(publisherActivity.publisherId, params.id);
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(publisherActivity)
          .where(where)
          .orderBy(desc(publisherActivity.when), desc(publisherActivity.id))
          .limit(query.limit)
          .offset(query.offset),
        app.db.select({ n: count() }).from(publisherActivity).where(where),
      ]);
      return {
        status: 200,
        body: {
          data: rows.map((r) => ({ id: r.id, userId: r.userId, userName: r.userName, action: r.action, when: r.when.toISOString(), extra: r.extra })),
          meta: { total: total?.n ?? 0 },
        },
      };
    }),

    update: s.route(contract.admin.publishers.update, async ({ request, params, body }) => {
      const by = requireStaff(request);
      const row = await app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(publishers).where(eq(publishers.id, params.id)).for('update');
        if (!before) throw notFound('Publisher');
        const [after] = await tx.update(publishers).set(body).where(eq(publishers.id, params.id)).returning();
        const changed = Object.fromEntries(Object.entries(body).filter(([k, v]) => before[k as keyof typeof before] !== v));
        await logPublisherActivity(tx, params.id, by, 'edit', { changed });
        return after!;
      });
      return { status: 200, body: toPublisher(row) };
    }),

    apps: s.route(contract.admin.publishers.apps, async ({ request, params }) => {
      publisherOf(request);
      const page = await pageOfApps(app.db, { publisherId: params.id, isBundle: false }, { limit: PROFILE_APPS, offset: 0 });
      return { status: 200, body: page.data };
    }),

    bundles: s.route(contract.admin.publishers.bundles, async ({ request, params }) => {
      publisherOf(request);
      const page = await pageOfApps(app.db, { publisherId: params.id, isBundle: true }, { limit: PROFILE_APPS, offset: 0 });
      return { status: 200, body: page.data };
    }),

    developers: s.route(contract.admin.publishers.developers, async ({ request, params }) => {
      publisherOf(request);
      const rows = await app.db
        .select()
        .from(developers)
        .where(eq(developers.publisherId, params.id))
        .orderBy(asc(developers.lastName), asc(developers.firstName));
      return { status: 200, body: rows.map(toDeveloper) };
    }),

    updateDeveloper: s.route(contract.admin.publishers.updateDeveloper, async ({ request, params, body }) => {
      const by = requireStaff(request);
      resourceOf(request, 'publisherDeveloper');
      const row = await app.db.transaction(async (tx) => {
        const [after] = await tx.update(developers).set(body).where(eq(developers.id, params.devId)).returning();
        await logPublisherActivity(tx, params.id, by, 'edit-developer', { developerId: params.devId });
        return after!;
      });
      app.forgetCredential(`user:${row.cloudUserId}`);
      return { status: 200, body: toDeveloper(row) };
    }),

    developerRole: s.route(contract.admin.publishers.developerRole, async ({ request, params, body }) => {
      const by = requireStaff(request);
      const row = await app.db.transaction(async (tx) => {
        const changed = await changeRole(tx, resourceOf(request, 'publisherDeveloper'), body.role);
        await logPublisherActivity(tx, params.id, by, 'developer-role', { developerId: params.devId, role: body.role });
        return changed;
      });
      app.forgetCredential(`user:${row.cloudUserId}`);
      return { status: 200, body: toDeveloper(row) };
    }),

    developerSystemRole: s.route(contract.admin.publishers.developerSystemRole, async ({ request, params, body }) => {
      const by = requireStaff(request);
      resourceOf(request, 'publisherDeveloper');
      const row = await app.db.transaction(async (tx) => {
        const [after] = await tx.update(developers).set({ systemRole: body.role }).where(eq(developers.id, params.devId)).returning();
        await logPublisherActivity(tx, params.id, by, 'developer-system-role', { developerId: params.devId, systemRole: body.role });
        return after!;
      });
      app.forgetCredential(`user:${row.cloudUserId}`);
      return { status: 200, body: toDeveloper(row) };
    }),

    email: s.route(contract.admin.publishers.email, async ({ request, params, body }) => {
      const by = requireStaff(request);
      const publisher = publisherOf(request);
      const [layout] = body.layout ? await app.db.select().from(emailTemplates).where(eq(emailTemplates.name, body.layout)) : [];
      if (body.layout && !layout) throw new HttpError(400, 'no_layout', 'No such layout.', [{ path: 'layout', message: 'No such layout.' }]);
      const owners = await app.db
        .select()
        .from(developers)
        .where(and(eq(developers.publisherId, params.id), eq(developers.role, 'owner')));
      if (owners.length === 0) throw new HttpError(409, 'no_recipient', 'This publisher has no owner to write to.');
      const related = body.relatedAppId
        ? (await pageOfApps(app.db, { publisherId: params.id, isBundle: false }, { limit: PROFILE_APPS, offset: 0 })).data.find(
            (a) => a.appId === body.relatedAppId,
          )
        : undefined;
      if (body.relatedAppId && !related)
        throw new HttpError(400, 'no_app', 'The related app is not one of this publisher’s.', [
          { path: 'relatedAppId', message: 'The related app is not one of this publisher’s.' },
        ]);
      const site = siteOf(app);
      const template: Template = { name: 'contact', layout: body.layout, subject: body.subject, body: body.content.replace(/\n/g, '<br>\n') };
      try {
        await app.db.transaction(async (tx) => {
          for (const to of owners) {
            const data = {
              productName: site.productName,
              portalUrl: site.portalUrl,
              developer: { firstName: to.firstName, lastName: to.lastName },
              publisher: { name: publisher.name },
              app: related
                ? { id: related.appId, name: related.latest.name, url: `${site.portalUrl}/publisher/apps/${encodeURIComponent(related.appId)}` }
                : null,
            };
            const message = await renderMessage(template, (layout as Template | undefined) ?? null, data);
            await enqueue(tx, MAIL_JOB, {
              to: to.email,
              ...message,
              ...(body.replyTo ? { replyTo: body.replyTo } : {}),
              messageId: `${newId()}@${site.mailDomain}`,
            });
          }
          await logPublisherActivity(tx, params.id, by, 'email', { subject: body.subject, to: owners.map((o) => o.email), relatedAppId: body.relatedAppId });
        });
      } catch (e) {
        if (e instanceof HttpError) throw e;
        throw new HttpError(400, 'template_error', `The message could not be rendered: ${e instanceof Error ? e.message : String(e)}`);
      }
      return { status: 200, body: { success: true as const } };
    }),

    payout: s.route(contract.admin.publishers.payout, async ({ request, params, body, headers }) => {
      const by = requireStaff(request);
      publisherOf(request);
      try {
        const payout = await requestPayout(app.db, app.payments, { publisherId: params.id, amount: body.amount, requestKey: headers['idempotency-key'], by });
        return { status: 200, body: { expected: payout.expected!.toISOString() } };
      } catch (e) {
        throw providerFailure(e);
      }
    }),
  };
};
