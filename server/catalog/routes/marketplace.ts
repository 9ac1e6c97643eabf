import { initServer } from '@ts-rest/fastify';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract } from '../../../contract';
import { appVersions } from '../../db/schema';
import { engineOf, rcError } from './engine-header';
import { withAppRequests } from '../read/app-requests';
import { CatalogCache, encodedBody, entryOf, matches, mergeState, negotiate, tagOf, withPurchases } from '../read/cache';
import {
  featuredRows,
  iconBase64,
  loadCatalog as loadCatalogRows,
  offered,
  purchasesOf,
  releasesOf,
  runsOn,
  screenshotsOf,
  sectionLabel,
  toInfo,
  type CatalogApp,
  type CatalogVersion,
  type PurchaseState,
} from '../read/catalog';
import { appRequestsForListing } from '../../workspaces/listing-requests';
import { versionHtmlBackfill } from '../markdown/markdown-texts';
import { isWrite } from '../../kernel/http';
import type { WorkspaceCaller } from '../../access/workspace-tokens';
import { workspaceIfAny } from '../../kernel/plugins/access';

const s = initServer();

/**
 * Rocket.Chat's calls to its marketplace (contract/marketplace.ts): the catalog. `GET /v1/apps` answers from
 * the catalog kept in this process (server/catalog/read/cache.ts) with a strong ETag; a workspace's
 * purchases are laid over a copy of everyone's answer, never written into it. The workspace whose token comes
 * with a call is decided by the one gate (the rule `workspaceMayCall`); what the calls read of it (its token,
 * purchases and app requests) is kept in the process too (`app.workspaceReads`, kernel/workspace-cache.ts).
 */
export const marketplaceRoutes = (app: FastifyInstance) => {
  // Versions stored without the HTML of their texts (rows older than it): rendered in the background from start,
  // and whenever a load finds one (shown as plain text meanwhile: catalog.ts textsOf).
  const backfill = versionHtmlBackfill(app.db, app.log);
  app.addHook('onReady', async () => backfill.kick());
  app.addHook('onClose', async () => backfill.stop());
  /** The catalog (or one app of it): an app whose rows cannot be shown is left out of it, and logged. */
  const loadCatalog: typeof loadCatalogRows = async (db, opts) => {
    const catalog = await loadCatalogRows(db, opts);
    if (catalog.unrendered) backfill.kick();
    for (const f of catalog.failed) app.log.error({ appId: f.appId, err: f.error }, 'an app left out of the catalog: its rows cannot be shown');
    return catalog;
  };
  const cache = new CatalogCache(() => loadCatalog(app.db), { ttlMs: Math.max(1, app.config.readCacheSeconds) * 1000 });
  const kept = app.workspaceReads;
  if (app.config.readCacheSeconds > 0) {
    let stop: (() => Promise<void>) | undefined;
    // Every change to what the catalog shows is announced on `portal_reads` (triggers of migration 0006),
    // whichever process (or worker) made it.
    app.addHook('onReady', async () => {
      stop = await app.dbListen(
        'portal_reads',
        () => cache.invalidate(),
        (on) => cache.setListening(on),
      );
    });
    app.addHook('onClose', async () => {
      await stop?.();
    });
    // Read your own writes: what a publisher or staff member (a portal credential: a session, an API token, the
    // Apps CLI) changed is forgotten before the answer leaves; the notification tells the other processes.
    // Writes of anyone else (workspaces reporting installs, sign-ins) change nothing the catalog shows.
    // (What is kept of a workspace is forgotten on its announcements alone: kernel/plugins/read-cache.ts.)
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.auth && isWrite(request.method, reply.statusCode)) cache.invalidate();
      return payload;
    });
  }

  /** The caller's engine, and the workspace the gate decided (a bad token was a 401 before a bad header's 400). */
  const callerOf = (request: FastifyRequest) => ({ engine: engineOf(request), workspace: workspaceIfAny(request) });
  const statesOf = (workspace: WorkspaceCaller | null) => {
    if (!workspace) return Promise.resolve(null);
    const id = workspace.workspaceId;
    return kept.get(
      `purchases\n${id}`,
      () => purchasesOf(app.db, id, app.licenses),
      () => id,
    );
  };
  /** A registered workspace's app requests (docs/rocketchat.md, App requests), and with `?endUserID=` that person's. */
  const requestsOf = (workspace: WorkspaceCaller, endUserId: string | null) => {
    const id = workspace.workspaceId;
    return kept.get(
      `requests\n${id}\n${endUserId ?? ''}`,
      () => appRequestsForListing(app.db, id, endUserId),
      () => id,
    );
  };
  /** One listed app, with every published version (without icons: the one shown gets its own, `withIcon`). */
  const listed = async (appId: string) => (await loadCatalog(app.db, { appId, icon: 'none' })).byId.get(appId);
  const withIcon = async (v: CatalogVersion): Promise<CatalogVersion> => {
    const [row] = await app.db.select({ icon: appVersions.iconFileData }).from(appVersions).where(eq(appVersions.internalId, v.internalId));
    return { ...v, iconFileData: iconBase64(row?.icon ?? '') };
  };
  const stateOf = async (entry: CatalogApp, workspace: WorkspaceCaller | null): Promise<PurchaseState> =>
    mergeState(entry, (await statesOf(workspace))?.get(entry.appId));
  /** Where this portal is reached: PUBLIC_URL, else the request's own origin. */
  const originOf = (request: FastifyRequest) => app.config.publicUrl?.replace(/\/+$/, '') || `${request.protocol}://${request.host}`;

  return {
    apps: s.route(contract.marketplace.apps, async ({ request, reply, query }) => {
      const { engine, workspace } = callerOf(request);
      const [variant, states, requests] = await Promise.all([
        cache.variant(engine),
        statesOf(workspace),
        workspace ? requestsOf(workspace, query.endUserID || null) : null,
      ]);
      // Everyone's answer, or this workspace's when its purchases (or its app requests) show in it.
      const answer = (requests && withAppRequests(variant, states, requests)) ?? (states && withPurchases(variant, states)) ?? variant;
      const encoding = negotiate(request.headers['accept-encoding']);
      reply.header('cache-control', 'private, no-cache').header('vary', 'Authorization, X-Apps-Engine-Version, Accept-Encoding');
      reply.header('etag', tagOf(answer.etag, encoding));
      if (matches(request.headers['if-none-match'], [answer.etag, tagOf(answer.etag, 'br'), tagOf(answer.etag, 'gzip')]))
        return { status: 304, body: undefined };
      reply.type('application/json; charset=utf-8');
      if (!encoding) return { status: 200, body: answer.body as never };
      reply.header('content-encoding', encoding);
      return { status: 200, body: (await encodedBody(answer, encoding)) as never };
    }),

    featured: s.route(contract.marketplace.featured, async ({ request }) => {
      const { engine, workspace } = callerOf(request);
      // The sections are read at every call (staff change them; no notification tells of it); their apps come from the listing.
      const [variant, sections, states] = await Promise.all([cache.variant(engine), featuredRows(app.db), statesOf(workspace)]);
      return {
        status: 200,
        body: {
          sections: [...sections].flatMap(([slug, ids]) => {
            const apps = ids.flatMap((id) => entryOf(variant, id, states));
            return apps.length ? [{ i18nLabel: sectionLabel(slug), slug, apps }] : [];
          }),
        },
      };
    }),

    app: s.route(contract.marketplace.app, async ({ params, query, request }) => {
      const { engine, workspace } = callerOf(request);
      const entry = await listed(params.id);
      if (!entry) throw rcError(404, 426, 'App not found: it has no published version in this marketplace.');
      // Rocket.Chat's client drops empty query values; an empty appVersion asks for the release history too.
      if (!query.appVersion) return { status: 200, body: releasesOf(entry) };
      const version = entry.versions.find((v) => v.version === query.appVersion);
      if (!version) throw rcError(404, 427, `App version not found: ${query.appVersion.slice(0, 64)} is not a published version of this app.`);
      const incompatible = engine !== null && !runsOn(engine, version.requiredApiVersion);
      return { status: 200, body: [toInfo(entry, await withIcon(version), incompatible, await stateOf(entry, workspace))] };
    }),

    latest: s.route(contract.marketplace.latest, async ({ params, request }) => {
      // `appVersion` is not read: Rocket.Chat's app page sends the app's id there (useAppInfo.ts).
      const { engine, workspace } = callerOf(request);
      const entry = await listed(params.id);
      if (!entry) throw rcError(404, 98104, 'Unknown app id: the app has no published version in this marketplace.');
      const { version, incompatible } = offered(entry, engine);
      return { status: 200, body: toInfo(entry, await withIcon(version), incompatible, await stateOf(entry, workspace)) };
    }),

    screenshots: s.route(contract.marketplace.screenshots, async ({ params, request }) => {
      const { engine } = callerOf(request);
      // Rocket.Chat does not check this call's status (rest.ts answers `{screenshots: <body>}`): an app not
      // listed has none, rather than an error its screen would try to show as screenshots.
      const entry = await listed(params.id);
      if (!entry) return { status: 200, body: [] };
      return { status: 200, body: await screenshotsOf(app.db, offered(entry, engine).version.internalId, originOf(request)) };
    }),

    bundleApps: s.route(contract.marketplace.bundleApps, async ({ params, request }) => {
      const { engine, workspace } = callerOf(request);
      const [variant, states] = await Promise.all([cache.variant(engine), statesOf(workspace)]);
      const bundle = variant.catalog.bundles.get(params.id);
      if (!bundle) throw rcError(404, 319, 'Bundle not found: no published bundle has this id.');
      const members = new Set(bundle.appIds);
      return { status: 200, body: variant.catalog.apps.filter((a) => members.has(a.appId)).flatMap((a) => entryOf(variant, a.appId, states)) };
    }),
  };
};
