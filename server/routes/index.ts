import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import { flattenRoutes } from '../../contract/walk';
import { adminAppsRoutes, adminJobsRoutes } from './admin-apps';
import { adminReviewsRoutes } from './admin-reviews';
import { adminCategoriesRoutes, adminFeaturedRoutes } from './admin-catalog';
import { adminEmailsRoutes } from './admin-emails';
import { adminPublishersRoutes } from './admin-publishers';
import { adminRegisteredWorkspacesRoutes } from './admin-workspaces';
import { appInfoRoutes } from './app-info';
import { appRequestsRoutes } from './app-requests';
import { appsRoutes } from './apps';
import { catalogRoutes } from './catalog';
import { adminRefundsRoutes, checkoutRoutes, workspaceLicensesRoutes } from './checkout';
import { marketplaceRoutes } from './marketplace';
import { seenOnSuccess } from '../services/workspaces/tokens';
import { meRoutes } from './me';
import { oauthRoutes } from './oauth';
import { publisherRoutes } from './publisher';
import { submissionsRoutes } from './submissions';
import { tokensRoutes } from './tokens';
import { trustRoutes } from './trust';
import { adminPurchasesRoutes, adminWorkspacesRoutes, publisherPurchasesRoutes } from './purchases';
import { webhooksRoutes } from './webhooks';
import { adminBundlesRoutes, bundlesRoutes } from './bundles';
import { workspaceDownloadsRoutes, workspaceInstallsRoutes } from './workspace-installs';

type Handler = unknown;

const prefixed = (prefix: string, handlers: Record<string, Handler>) =>
  Object.fromEntries(Object.entries(handlers).map(([k, v]) => [`${prefix}.${k}`, v]));

/** Places `value` at a dotted key of a nested object (the router's shape mirrors the contract's). */
function setPath(target: Record<string, unknown>, key: string, value: unknown) {
  const parts = key.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts.at(-1)!] = value;
}

/** Every contract route with its implementation: a route of one without the other stops the boot. */
export async function routes(app: FastifyInstance) {
  // A registered workspace's successful call is seeing it (its lastSeenAt; services/workspaces/tokens.ts).
  seenOnSuccess(app);
  const implemented: Record<string, Handler> = {
    ...prefixed('oauth', oauthRoutes(app)),
    ...prefixed('me', meRoutes(app)),
    ...prefixed('publisher', { ...publisherRoutes(app), ...publisherPurchasesRoutes(app) }),
    ...prefixed('catalog', catalogRoutes(app)),
    // Rocket.Chat's calls to its marketplace (docs/rocketchat.md, Rocket.Chat's calls).
    ...prefixed('marketplace', marketplaceRoutes(app)),
    ...prefixed('apps', { ...appsRoutes(app), ...appInfoRoutes(app) }),
    ...prefixed('admin.apps', adminAppsRoutes(app)),
    ...prefixed('admin.jobs', adminJobsRoutes(app)),
    ...prefixed('admin.categories', adminCategoriesRoutes(app)),
    ...prefixed('admin.featured', adminFeaturedRoutes(app)),
    ...prefixed('admin.emails', adminEmailsRoutes(app)),
    ...prefixed('admin.publishers', adminPublishersRoutes(app)),
    ...prefixed('admin.purchases', adminPurchasesRoutes(app)),
    ...prefixed('admin.workspaces', adminWorkspacesRoutes(app)),
    ...prefixed('webhooks', webhooksRoutes(app)),
    ...prefixed('submissions', submissionsRoutes(app)),
    ...prefixed('tokens', tokensRoutes(app)),
    ...prefixed('trust', trustRoutes(app)),
    ...prefixed('bundles', bundlesRoutes(app)),
    ...prefixed('admin.bundles', adminBundlesRoutes(app)),
    // Registered Rocket.Chat workspaces (docs/rocketchat.md, Pointing a Rocket.Chat server).
    ...prefixed('admin.registeredWorkspaces', adminRegisteredWorkspacesRoutes(app)),
    // Registered Rocket.Chat workspaces (contract/workspace-installs.ts).
    ...prefixed('workspaceInstalls', workspaceInstallsRoutes(app)),
    ...prefixed('workspaceDownloads', workspaceDownloadsRoutes(app)),
    // Buyers (docs/rocketchat.md, Buying): the checkout pages, the licence sync, and staff's refunds.
    ...prefixed('checkout', checkoutRoutes(app)),
    ...prefixed('workspaceLicenses', workspaceLicensesRoutes(app)),
    ...prefixed('admin.refunds', adminRefundsRoutes(app)),
    // Staff review (docs/packages-and-review.md).
    ...prefixed('admin.reviews', adminReviewsRoutes(app)),
    // App requests (docs/rocketchat.md): Rocket.Chat's reads and the requestAccess page's call.
    ...prefixed('appRequests', appRequestsRoutes(app)),
  };
  const router: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const { key } of flattenRoutes(contract)) {
    const handler = implemented[key];
    if (handler) setPath(router, key, handler);
    else problems.push(`${key} has no implementation`);
    delete implemented[key];
  }
  problems.push(...Object.keys(implemented).map((k) => `${k} is implemented but is not in the contract`));
  if (problems.length) throw new Error(`Route table mismatch:\n${problems.join('\n')}`);

  initServer().registerRouter(contract, router as never, app, {
    logInitialization: false,
    responseValidation: false,
    // Validation errors go up to the error plugin, which answers with the envelope.
    requestValidationErrorHandler: (err) => {
      throw err;
    },
  });
}

