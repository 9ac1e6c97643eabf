import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract } from '../../../contract';
import { requireStaff, resourceOf } from '../../kernel/plugins/access';
import { logActivity } from '../../kernel/activity';
import { versionFindings } from '../review/findings';
import { versionRuntime } from '../runtime/version-runtime';
import { listScreenshots } from '../screenshots';
import { assignReview, reviewQueue } from '../review/queue';
import { checkSettings, saveCheckSettings, toSettings } from '../review/settings';

const s = initServer();

/** The version the path names, loaded by the gate (server/kernel/plugins/access.ts). */
const versionOf = (request: FastifyRequest) => resourceOf(request, 'appVersion').version;

/** Staff review (docs/packages-and-review.md): the queue, who reviews what, the checks' findings and their configuration. */
export const adminReviewsRoutes = (app: FastifyInstance) => {
  /** Takes the review of the version the path names (or gives it back), written to the app's activity log. */
  const assign = async (request: FastifyRequest, action: 'review-assign' | 'review-unassign') => {
    const v = versionOf(request);
    const by = requireStaff(request);
    const item = await assignReview(app.db, v.appId, v.internalId, action === 'review-assign' ? by : null);
    await logActivity(app.db, v.appId, by, action, { version: v.version });
    return item;
  };
  return {
    queue: s.route(contract.admin.reviews.queue, async ({ request, query }) => ({
      status: 200,
      body: await reviewQueue(app.db, query, requireStaff(request)),
    })),

    assign: s.route(contract.admin.reviews.assign, async ({ request }) => ({
      status: 200,
      body: await assign(request, 'review-assign'),
    })),

    unassign: s.route(contract.admin.reviews.unassign, async ({ request }) => ({
      status: 200,
      body: await assign(request, 'review-unassign'),
    })),

    findings: s.route(contract.admin.reviews.findings, async ({ request }) => {
      const v = versionOf(request);
      return {
        status: 200,
        body: await versionFindings(app.db, app.storage, v.appId, v.internalId),
      };
    }),

    runtime: s.route(contract.admin.reviews.runtime, async ({ request }) => {
      const v = versionOf(request);
      return { status: 200, body: await versionRuntime(app.db, v.appId, v.internalId) };
    }),

    screenshots: s.route(contract.admin.reviews.screenshots, async ({ request }) => {
      const v = versionOf(request);
      return { status: 200, body: await listScreenshots(app.db, { appId: v.appId, internalId: v.internalId }) };
    }),

    checks: s.route(contract.admin.reviews.checks, async () => ({
      status: 200,
      body: toSettings(await checkSettings(app.db)),
    })),

    setChecks: s.route(contract.admin.reviews.setChecks, async ({ request, body }) => ({
      status: 200,
      body: toSettings(await saveCheckSettings(app.db, body, requireStaff(request))),
    })),
  };
};
