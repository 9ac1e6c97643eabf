import type { z } from 'zod';
import type { Developer } from '../../contract/schemas/developer';
import type { Publisher } from '../../contract/schemas/publisher';
import type { categories, developers, publishers } from '../db/schema';

/** Database rows → the contract's shapes. */
export const toDeveloper = (d: typeof developers.$inferSelect): z.infer<typeof Developer> => ({
  _id: d.id,
  publisherId: d.publisherId,
  firstName: d.firstName,
  lastName: d.lastName,
  email: d.email,
  emailVerified: d.emailVerified,
  chatUsername: d.chatUsername,
  cloudUserId: d.cloudUserId,
  role: d.role,
  systemRole: d.systemRole,
  lastActivityDate: d.lastActivityDate?.toISOString() ?? null,
});

export const toPublisher = (p: typeof publishers.$inferSelect): Publisher => ({
  _id: p.id,
  name: p.name,
  city: p.city,
  state: p.state,
  country: p.country,
  tosLink: p.tosLink,
  privacyLink: p.privacyLink,
  webhookLink: p.webhookLink,
  accountId: p.accountId,
  stripeAccountId: p.stripeAccountId,
  stripeAvailableBalance: p.stripeAvailableBalance,
  stripePendingBalance: p.stripePendingBalance,
  canCreatePaidApps: p.canCreatePaidApps,
  canCreateBundles: p.canCreateBundles,
  canUseNPMModules: p.canUseNPMModules,
  canUseWebhooks: p.canUseWebhooks,
  isRegistered: p.isRegistered,
});

export const toCategory = (c: typeof categories.$inferSelect) => ({
  id: c.id,
  title: c.title,
  createdDate: c.createdDate.toISOString(),
  modifiedDate: c.modifiedDate.toISOString(),
});
