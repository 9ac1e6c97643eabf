import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract } from '../../../contract';
import { HttpError } from '../../errors';
import { requireStaff, workspaceOf } from '../../kernel/plugins/access';
import { type CatalogApp, loadCatalog, mergeState, offered, purchasesOf, toInfo } from '../../catalog/listing';
import { offerFor, sameWorkspace, sessionOf, startCheckout } from '../billing/checkout';
import { refundPurchase } from '../billing/refunds';
import { cancelSubscription, changeSeats, resumeSubscription } from '../billing/subscriptions';

const s = initServer();

/** Where this portal is reached: PUBLIC_URL, else the request's own origin. */
const originOf = (app: FastifyInstance, request: FastifyRequest) => app.config.publicUrl?.replace(/\/+$/, '') || `${request.protocol}://${request.host}`;

/**
 * The checkout pages' calls (contract/checkout.ts): each with the `marketplace:purchase` token Rocket.Chat put
 * in the page's address, for the workspace it names — a token of another workspace is a 403.
 */
export const checkoutRoutes = (app: FastifyInstance) => {
  /** The token's workspace, which must be the one named. */
  const buyerOf = (request: FastifyRequest, named: string) => {
    const { workspaceId } = workspaceOf(request);
    sameWorkspace(workspaceId, named);
    return workspaceId;
  };
  return {
    offer: s.route(contract.checkout.offer, async ({ request, params, query }) => ({
      status: 200,
      body: await offerFor(app.db, app.payments.name, app.sales.feePercent, buyerOf(request, query.workspaceId), params.appId),
    })),
    start: s.route(contract.checkout.start, async ({ request, params, body }) => {
      const workspaceId = buyerOf(request, body.workspaceId);
      // The provider sends the buyer back to the page they paid from (the token stays in the buyer's browser:
      // it is not handed to the provider in these addresses).
      const origin = originOf(app, request);
      const page = `${origin}/apps/${encodeURIComponent(params.appId)}/${body.planId ? 'subscribe' : 'buy'}`;
      const back = (id: string, extra: string) => `${page}?workspaceId=${encodeURIComponent(workspaceId)}&session=${encodeURIComponent(id)}${extra}`;
      const session = await startCheckout(
        app.db,
        app.payments,
        app.sales,
        workspaceId,
        params.appId,
        body,
        {
          success: (id) => back(id, ''),
          cancel: (id) => back(id, '&canceled=1'),
        },
        request.log,
      );
      return { status: 201, body: session };
    }),
    session: s.route(contract.checkout.session, async ({ request, params }) => ({
      status: 200,
      body: await sessionOf(app.db, workspaceOf(request).workspaceId, params.id),
    })),
    seats: s.route(contract.checkout.seats, async ({ request, params, body }) => ({
      status: 200,
      body: await changeSeats(app.db, app.payments, app.sales, buyerOf(request, body.workspaceId), params.id, body.seats),
    })),
    cancel: s.route(contract.checkout.cancel, async ({ request, params, body }) => ({
      status: 200,
      body: await cancelSubscription(app.db, app.payments, app.sales, buyerOf(request, body.workspaceId), params.id, body.when),
    })),
    resume: s.route(contract.checkout.resume, async ({ request, params, body }) => ({
      status: 200,
      body: await resumeSubscription(app.db, app.payments, app.sales, buyerOf(request, body.workspaceId), params.id),
    })),
  };
};

/**
 * Rocket.Chat's licence sync (contract/checkout.ts workspaceLicenses): the workspace's listed apps with its
 * purchase state and licences, as `{latest: IMarketplaceInfo}`.
 */
export const workspaceLicensesRoutes = (app: FastifyInstance) => {
  const engineOf = (request: FastifyRequest) => {
    const raw = request.headers['x-apps-engine-version'];
    return typeof raw === 'string' && raw.trim() ? raw.trim() : null;
  };
  const latestOf = (entry: CatalogApp, request: FastifyRequest, state: ReturnType<typeof mergeState>) => {
    const { version, incompatible } = offered(entry, engineOf(request));
    return { latest: toInfo(entry, version, incompatible, state) };
  };
  const mine = (request: FastifyRequest, workspaceId: string) => {
    const caller = workspaceOf(request);
    if (caller.workspaceId !== workspaceId) throw new HttpError(403, 'other_workspace', 'This token belongs to another workspace.');
    return caller.workspaceId;
  };
  return {
    apps: s.route(contract.workspaceLicenses.apps, async ({ request, params }) => {
      const workspaceId = mine(request, params.workspaceId);
      const [catalog, states] = await Promise.all([loadCatalog(app.db, { icon: 'none' }), purchasesOf(app.db, workspaceId, app.licenses)]);
      return {
        status: 200,
        body: [...states].flatMap(([appId, state]) => {
          const entry = catalog.byId.get(appId);
          return entry ? [latestOf(entry, request, mergeState(entry, state))] : [];
        }),
      };
    }),
    app: s.route(contract.workspaceLicenses.app, async ({ request, params }) => {
      const workspaceId = mine(request, params.workspaceId);
      const entry = (await loadCatalog(app.db, { appId: params.id, icon: 'none' })).byId.get(params.id);
      if (!entry) throw new HttpError(404, 'not_listed', 'App not found: it has no published version in this marketplace.');
      const states = await purchasesOf(app.db, workspaceId, app.licenses);
      return { status: 200, body: latestOf(entry, request, mergeState(entry, states.get(params.id))) };
    }),
  };
};

/** Staff's refund (the Purchase Record Information modal). */
export const adminRefundsRoutes = (app: FastifyInstance) => ({
  refund: s.route(contract.admin.refunds.refund, async ({ request, params, body }) => ({
    status: 200,
    body: await refundPurchase(app.db, app.payments, app.sales, params.id, body, requireStaff(request)),
  })),
});
