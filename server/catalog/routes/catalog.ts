import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { initServer } from '@ts-rest/fastify';
import { contract } from '../../../contract';
import { categories } from '../../db/schema';

const s = initServer();

export const catalogRoutes = (app: FastifyInstance) => ({
  categories: s.route(contract.catalog.categories, async () => {
    const rows = await app.db.select().from(categories).orderBy(asc(categories.title));
    // Hidden ones too, flagged: Rocket.Chat's screen leaves them out itself; the portal's forms list them all.
    return {
      status: 200,
      body: rows.map((c) => ({
        id: c.id,
        title: c.title,
        description: c.description,
        hidden: c.hidden,
        createdDate: c.createdDate.toISOString(),
        modifiedDate: c.modifiedDate.toISOString(),
      })),
    };
  }),

  cloudUrls: s.route(contract.catalog.cloudUrls, async () => {
    const { config } = app;
    return {
      status: 200,
      body: {
        cloudUrl: app.identityUrls.cloudUrl,
        authorizeUrl: await app.identityUrls.authorizeUrl(),
        cloudClientId: config.cloudClientId,
        marketplaceUrl: config.marketplaceUrl,
        productName: config.productName,
        supportEmail: config.supportEmail,
        termsUrl: config.termsUrl,
        privacyUrl: config.privacyUrl,
      },
    };
  }),

  signups: s.route(contract.catalog.signups, async () => ({ status: 200, body: { enabled: app.config.signupsEnabled } })),

  engineVersion: s.route(contract.catalog.engineVersion, async () => ({ status: 200, body: { version: app.config.engineVersion } })),
});
