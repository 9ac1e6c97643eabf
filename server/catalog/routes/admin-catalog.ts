import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { initServer } from '@ts-rest/fastify';
import { contract } from '../../../contract';
import { newId } from '../../db/ids';
import { categories, featuredApps } from '../../db/schema';
import { HttpError, conflict, notFound } from '../../errors';
import { featureCandidates, featuredSections, isPublished } from '../read/featured';
import { toCategory } from '../../publishers/views';
import { resourceOf } from '../../kernel/plugins/access';
import { requireSellable } from '../../commerce/sellable';

const s = initServer();

export const adminCategoriesRoutes = (app: FastifyInstance) => ({
  list: s.route(contract.admin.categories.list, async () => {
    const rows = await app.db.select().from(categories).orderBy(asc(categories.title));
    return { status: 200, body: rows.map(toCategory) };
  }),

  create: s.route(contract.admin.categories.create, async ({ body }) => {
    // Titles are one per spelling whatever the case (a unique index on lower(title)): a second is refused.
    const [row] = await app.db.insert(categories).values({ id: newId(), title: body.title }).onConflictDoNothing().returning();
    if (!row) throw conflict('duplicate_category', `A category titled "${body.title}" already exists.`);
    return { status: 201, body: toCategory(row) };
  }),
});

export const adminFeaturedRoutes = (app: FastifyInstance) => ({
  list: s.route(contract.admin.featured.list, async () => ({ status: 200, body: await featuredSections(app.db) })),

  apps: s.route(contract.admin.featured.apps, async ({ query }) => ({ status: 200, body: await featureCandidates(app.db, query.q?.trim() || undefined) })),

  create: s.route(contract.admin.featured.create, async ({ body }) => {
    const sections = await app.db.transaction(async (tx) => {
      if (!(await isPublished(tx, body.appId))) {
        throw new HttpError(400, 'not_published', 'Only a published app can be featured.', [
          { path: 'appId', message: 'Only a published app can be featured.' },
        ]);
      }
      await requireSellable(tx, body.appId);
      const [row] = await tx.insert(featuredApps).values({ sectionSlug: body.sectionSlug, appId: body.appId }).onConflictDoNothing().returning();
      if (!row) throw conflict('already_featured', 'This app is already featured in that section.');
      return featuredSections(tx);
    });
    return { status: 201, body: sections };
  }),

  remove: s.route(contract.admin.featured.remove, async ({ request }) => {
    const featured = resourceOf(request, 'featured');
    const removed = await app.db
      .delete(featuredApps)
      .where(and(eq(featuredApps.sectionSlug, featured.sectionSlug), eq(featuredApps.appId, featured.appId)))
      .returning();
    // Removed meanwhile by another request: gone all the same, but not by this one.
    if (removed.length === 0) throw notFound('Featured app');
    return { status: 200, body: { success: true as const } };
  }),
});
