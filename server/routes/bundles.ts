import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import { requireDeveloper } from '../plugins/access';
import type { UploadSpec } from '../plugins/uploads';
import { anyApp } from '../read/admin-apps';
import { loadApps, pageOfApps } from '../read/apps';
import { bundleAppIds, createBundle, requireBundles } from '../services/bundles';
import { HttpError } from '../errors';
import { BUNDLE_TEXT } from '../../contract/schemas/bundle';

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

/** The publisher's bundles (SPEC §3, §7): every route needs canCreateBundles ('Bundle Creation not Available'). */
export const bundlesRoutes = (app: FastifyInstance) => ({
  list: s.route(contract.bundles.list, async ({ request, query }) => {
    const { publisherId } = requireDeveloper(request);
    await requireBundles(app.db, publisherId);
    return { status: 200, body: await pageOfApps(app.db, { publisherId, isBundle: true }, query) };
  }),
  create: s.route(contract.bundles.create, async ({ request }) => {
    const { publisherId } = requireDeveloper(request);
    await requireBundles(app.db, publisherId);
    const { fields } = await request.receiveUpload(BUNDLE_FORM);
    return { status: 201, body: { appId: await createBundle(app.db, publisherId, fields, app.config.engineVersion) } };
  }),
  apps: s.route(contract.bundles.apps, async ({ request, params }) => {
    const { publisherId } = requireDeveloper(request);
    await requireBundles(app.db, publisherId);
    return { status: 200, body: await loadApps(app.db, await bundleAppIds(app.db, params.id, publisherId), 'thumbnail') };
  }),
});

/** Staff's bundles (SPEC §3 admin bundles): the list, one bundle, its apps. */
export const adminBundlesRoutes = (app: FastifyInstance) => ({
  list: s.route(contract.admin.bundles.list, async ({ query }) => ({ status: 200, body: await pageOfApps(app.db, { isBundle: true, q: query.q?.trim() || undefined }, query) })),
  get: s.route(contract.admin.bundles.get, async ({ params }) => {
    const bundle = await anyApp(app.db, params.id);
    if (!bundle.isBundle) throw new HttpError(404, 'not_a_bundle', `${BUNDLE_TEXT.invalidBundleTitle}: ${BUNDLE_TEXT.invalidBundle}`);
    return { status: 200, body: bundle };
  }),
  apps: s.route(contract.admin.bundles.apps, async ({ params }) => ({ status: 200, body: await loadApps(app.db, await bundleAppIds(app.db, params.id), 'thumbnail') })),
});
