import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { initServer } from '@ts-rest/fastify';
import { contract } from '../../../contract';
import { MODEL, policies } from '../../access/policy';
import { developers, publishers } from '../../db/schema';
import { features, permissions, publisherFlags } from '../../../contract/access';
import { Access } from '../../access/enforcer';
import { requireAccount, subjectOf } from '../../kernel/plugins/access';
import { notificationKinds, type NotificationSettings } from '../../../contract/schemas/notifications';
import { toDeveloper } from '../../publishers/views';

/** Every kind on, but those the developer turned off. */
const settingsOf = (off: Record<string, boolean>) => Object.fromEntries(notificationKinds.map((k) => [k, off[k] !== true])) as NotificationSettings;

const s = initServer();

export const meRoutes = (app: FastifyInstance) => ({
  get: s.route(contract.me.get, async ({ request }) => {
    return { status: 200, body: toDeveloper(requireAccount(request)) };
  }),

  ac: s.route(contract.me.ac, async ({ request }) => {
    const developer = request.auth?.developer;
    const [publisher] = developer?.publisherId ? await app.db.select().from(publishers).where(eq(publishers.id, developer.publisherId)) : [];
    const flags = publisher ? publisherFlags.filter((f) => publisher[f]) : [];
    // The decisions every screen's controls need, asked of the enforcer the gate asks (server/access/enforcer.ts).
    const allowed: string[] = [];
    if (developer) {
      const subject = subjectOf(developer);
      for (const feature of features) {
        const domain = Access.homeDomain(subject, feature, flags);
        if (!domain) continue;
        for (const permission of permissions) if (await app.access.allows(subject, domain, feature, permission)) allowed.push(`${feature}:${permission}`);
      }
    }
    return {
      status: 200,
      body: {
        model: MODEL,
        policies,
        roles: {
          system: developer ? [developer.systemRole] : ['user'],
          publisher: developer?.publisherId ? [developer.role] : [],
        },
        flags,
        allowed,
      },
    };
  }),

  notifications: s.route(contract.me.notifications, async ({ request }) => {
    const developer = requireAccount(request);
    const [row] = await app.db.select({ off: developers.notificationsOff }).from(developers).where(eq(developers.id, developer.id));
    return { status: 200, body: settingsOf(row?.off ?? {}) };
  }),

  setNotifications: s.route(contract.me.setNotifications, async ({ request, body }) => {
    const developer = requireAccount(request);
    const off = Object.fromEntries(notificationKinds.filter((k) => !body[k]).map((k) => [k, true]));
    await app.db.update(developers).set({ notificationsOff: off }).where(eq(developers.id, developer.id));
    return { status: 200, body: settingsOf(off) };
  }),

  update: s.route(contract.me.update, async ({ request, body }) => {
    const developer = requireAccount(request);
    const [row] = await app.db
      .update(developers)
      .set({ firstName: body.firstName, lastName: body.lastName })
      .where(eq(developers.id, developer.id))
      .returning();
    return { status: 200, body: { firstName: row!.firstName, lastName: row!.lastName, email: row!.email } };
  }),
});
