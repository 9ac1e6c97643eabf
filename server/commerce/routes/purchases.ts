import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { contract } from '../../../contract';
import { requireDeveloper, requireStaff, resourceOf } from '../../kernel/plugins/access';
import { allPurchases, purchaseDetail, purchasesPage, workspacePurchases } from '../read/purchases';
import { purchasesCsv } from '../read/purchases-csv';
import { createPurchase, editPurchase, removePurchase } from '../sales/purchases';

const s = initServer();

const csvReply = (reply: { header(key: string, value: string): unknown }, name: string) => {
  reply.header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`);
  reply.header('cache-control', 'no-store');
};

/** The publisher's own sales (SPEC §3 Publisher purchases list). */
export const publisherPurchasesRoutes = (app: FastifyInstance) => ({
  purchases: s.route(contract.publisher.purchases, async ({ request, query }) => {
    const { publisherId } = requireDeveloper(request);
    const page = await purchasesPage(app.db, { publisherId }, query);
    return { status: 200, body: { data: page.data.map(({ isBundle: _, ...p }) => p), meta: page.meta } };
  }),
  purchasesExport: s.route(contract.publisher.purchasesExport, async ({ request, reply }) => {
    const { publisherId } = requireDeveloper(request);
    csvReply(reply, 'purchases');
    return { status: 200, body: purchasesCsv(allPurchases(app.db, { publisherId }, 'desc')) as never };
  }),
});

/** Staff's purchase records (SPEC §3, §5, §6, §7). */
export const adminPurchasesRoutes = (app: FastifyInstance) => ({
  list: s.route(contract.admin.purchases.list, async ({ query }) => ({ status: 200, body: await purchasesPage(app.db, {}, query, query.order) })),
  export: s.route(contract.admin.purchases.export, async ({ query, reply }) => {
    csvReply(reply, 'purchase-records');
    return { status: 200, body: purchasesCsv(allPurchases(app.db, {}, query.order)) as never };
  }),
  get: s.route(contract.admin.purchases.get, async ({ params }) => ({ status: 200, body: await purchaseDetail(app.db, params.id) })),
  create: s.route(contract.admin.purchases.create, async ({ request, body }) => ({
    status: 201,
    body: await createPurchase(app.db, app.sales, body, requireStaff(request)),
  })),
  update: s.route(contract.admin.purchases.update, async ({ request, params, body }) => ({
    status: 200,
    body: await editPurchase(app.db, app.sales, params.id, body, requireStaff(request)),
  })),
  remove: s.route(contract.admin.purchases.remove, async ({ request, params }) => {
    await removePurchase(app.db, params.id, requireStaff(request));
    return { status: 200, body: { success: true as const } };
  }),
});

/** Workspace lookup (SPEC §3; system admins only — the contract's metadata). */
export const adminWorkspacesRoutes = (app: FastifyInstance) => ({
  // The gate loaded the workspace the path names (by its id or its client id: server/access/resources.ts).
  get: s.route(contract.admin.workspaces.get, async ({ request }) => {
    const { id, nickname, address } = resourceOf(request, 'workspace');
    return { status: 200, body: { id, nickname, address } };
  }),
  purchases: s.route(contract.admin.workspaces.purchases, async ({ request }) => ({
    status: 200,
    body: await workspacePurchases(app.db, resourceOf(request, 'workspace').id),
  })),
});
