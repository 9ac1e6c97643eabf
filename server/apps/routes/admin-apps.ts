import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract } from '../../../contract';
import { HttpError, notFound } from '../../errors';
import { fileUrl, type FileLink } from '../../kernel/plugins/downloads';
import { requireStaff, resourceOf } from '../../kernel/plugins/access';
import { activityPage, anyApp, jobsPage, usagePage, versionPackage } from '../read/admin-apps';
import { appJobs, appPrices, appStats, appVersionsOf, toJob } from '../read/app-details';
import { pageOfApps, toVersion } from '../read/apps';
import { logActivity } from '../../kernel/activity';
import { versionDiff } from '../review/version-diff';
import { setIrreversibleFlag, staffVersionAction } from '../staff-actions';

const s = initServer();

/** The download secret of GET /admin/secret: 10 minutes, for the staff member it was issued to. */
const SECRET_TTL_SECONDS = 600;
/** A package link: opened right away in a new tab. */
const LINK_TTL_SECONDS = 120;

const staff = requireStaff;

/** The app the path names, loaded by the gate (server/kernel/plugins/access.ts). */
const appOf = (request: FastifyRequest) => resourceOf(request, 'app');

export const adminAppsRoutes = (app: FastifyInstance) => ({
  list: s.route(contract.admin.apps.list, async ({ query }) => ({
    status: 200,
    body: await pageOfApps(app.db, { isBundle: false, q: query.q?.trim() || undefined }, query),
  })),

  get: s.route(contract.admin.apps.get, async ({ request }) => ({ status: 200, body: await anyApp(app.db, appOf(request).id) })),

  all: s.route(contract.admin.apps.all, async ({ request }) => {
    const a = appOf(request);
    return { status: 200, body: await appVersionsOf(app.db, app.storage, a.id, a.isBundle) };
  }),

  diff: s.route(contract.admin.apps.diff, async ({ request, query }) => ({
    status: 200,
    body: await versionDiff(app.db, app.storage, appOf(request).id, query),
  })),

  stats: s.route(contract.admin.apps.stats, async ({ request }) => {
    const a = appOf(request);
    return { status: 200, body: await appStats(app.db, a.id) };
  }),

  jobs: s.route(contract.admin.apps.jobs, async ({ request }) => {
    const a = appOf(request);
    return { status: 200, body: await appJobs(app.db, a.id) };
  }),

  job: s.route(contract.admin.apps.job, async ({ request }) => ({ status: 200, body: toJob(resourceOf(request, 'compileJob').job) })),

  usage: s.route(contract.admin.apps.usage, async ({ request, query }) => {
    const a = appOf(request);
    return { status: 200, body: await usagePage(app.db, a.id, query) };
  }),

  prices: s.route(contract.admin.apps.prices, async ({ request }) => {
    const a = appOf(request);
    return { status: 200, body: await appPrices(app.db, a.id) };
  }),

  activityLogs: s.route(contract.admin.apps.activityLogs, async ({ request, query }) => {
    const a = appOf(request);
    return { status: 200, body: await activityPage(app.db, a.id, query) };
  }),

  secret: s.route(contract.admin.apps.secret, async ({ request }) => ({
    status: 200,
    body: { secret: await app.links.sign({ purpose: 'download', sub: staff(request).id }, SECRET_TTL_SECONDS) },
  })),

  enterpriseOnly: s.route(contract.admin.apps.enterpriseOnly, async ({ request, params, body }) => {
    await setIrreversibleFlag(app.db, params.id, 'enterpriseOnly', { addonTierId: body.addonTierId }, staff(request));
    return { status: 200, body: await anyApp(app.db, params.id) };
  }),

  usageBased: s.route(contract.admin.apps.usageBased, async ({ request, params, body }) => {
    await setIrreversibleFlag(app.db, params.id, 'usageBased', { priceOverride: body.priceOverride }, staff(request));
    return { status: 200, body: await anyApp(app.db, params.id) };
  }),

  versionAction: s.route(contract.admin.apps.versionAction, async ({ request, params, body }) => {
    if (body.action !== params.action) throw new HttpError(400, 'bad_request', 'The body must name the same action as the path.');
    const { updated, isBundle } = await staffVersionAction(app.db, app.storage, params.id, params.versionId, body, staff(request));
    return { status: 200, body: toVersion(updated, isBundle) };
  }),

  download: s.route(contract.admin.apps.download, async ({ request, query }) => {
    const by = staff(request);
    const secret = await app.links.verify<{ purpose: string; sub: string }>(query.secret);
    if (!secret || secret.purpose !== 'download' || secret.sub !== by.id) {
      throw new HttpError(403, 'invalid_secret', 'The download secret is invalid or has expired; ask for a new one.');
    }
    const compiled = query.compiled === 'true';
    const pkg = await versionPackage(app.db, resourceOf(request, 'versionDownload').internalId, compiled).catch((e: unknown) => {
      throw e instanceof HttpError ? e : notFound('Package');
    });
    await logActivity(app.db, pkg.appId, by, 'download', { version: pkg.version, compiled });
    const token = await app.links.sign<FileLink>({ file: pkg.file, name: pkg.name }, LINK_TTL_SECONDS);
    return { status: 200, body: { url: fileUrl(pkg.name, token) } };
  }),
});

export const adminJobsRoutes = (app: FastifyInstance) => ({
  list: s.route(contract.admin.jobs.list, async ({ query }) => ({ status: 200, body: await jobsPage(app.db, query) })),
});
