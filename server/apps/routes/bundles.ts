import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { contract } from '../../../contract';
import { allowedHere, allowedRows, requireDeveloper, resourceOf } from '../../kernel/plugins/access';
import type { UploadSpec } from '../../kernel/plugins/uploads';
import { anyApp } from '../read/admin-apps';
import { loadApps, pageOfApps } from '../read/apps';
import { bundleAppIds, createBundle, notABundle } from '../bundles';

const s = initServer();

/** The bundle form: two JSON parts and no file (the icon travels in bundleInfo as a data URL). */
const BUNDLE_FORM: UploadSpec = {
  field: 'file',
  maxFiles: 0,
  maxFileBytes: 0,
  fieldMessage: 'A bundle is sent as the parts bundleInfo and appIds, without files.',
  fields: ['bundleInfo', 'appIds'],
  maxFieldBytes: 1_000_000,
};

/**
 * The publisher's bundles (SPEC §3, §7): the policy's `bundle` feature needs canCreateBundles, so the gate
 * answers 'Bundle Creation not Available' to a publisher without it; a paid bundle needs `paidApp`.
 */
export const bundlesRoutes = (app: FastifyInstance) => ({
  list: s.route(contract.bundles.list, async ({ request, query }) => {
    const { publisherId } = requireDeveloper(request);
    return { status: 200, body: await pageOfApps(app.db, { publisherId, isBundle: true }, query) };
  }),
  create: s.route(contract.bundles.create, async ({ request }) => {
    const { publisherId } = requireDeveloper(request);
    const canCreatePaidApps = await allowedHere(app, request, 'paidApp', 'create');
    const { fields } = await request.receiveUpload(BUNDLE_FORM);
    const ownApps = (ids: string[]) => allowedRows(app, request, 'app', ids, 'app', 'read');
    return {
      status: 201,
      body: { appId: await createBundle(app.db, { publisherId, canCreatePaidApps, engineVersion: app.config.engineVersion, ownApps }, fields) },
    };
  }),
  apps: s.route(contract.bundles.apps, async ({ request }) => ({
    status: 200,
    body: await loadApps(app.db, await bundleAppIds(app.db, resourceOf(request, 'bundle')), 'thumbnail'),
  })),
});

/** Staff's bundles (SPEC §3 admin bundles): the list, one bundle, its apps. */
export const adminBundlesRoutes = (app: FastifyInstance) => ({
  list: s.route(contract.admin.bundles.list, async ({ query }) => ({
    status: 200,
    body: await pageOfApps(app.db, { isBundle: true, q: query.q?.trim() || undefined }, query),
  })),
  get: s.route(contract.admin.bundles.get, async ({ request }) => {
    const bundle = resourceOf(request, 'bundle');
    if (!bundle.isBundle) throw notABundle();
    return { status: 200, body: await anyApp(app.db, bundle.id) };
  }),
  apps: s.route(contract.admin.bundles.apps, async ({ request }) => ({
    status: 200,
    body: await loadApps(app.db, await bundleAppIds(app.db, resourceOf(request, 'bundle')), 'thumbnail'),
  })),
});
