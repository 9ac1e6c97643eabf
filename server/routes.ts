import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { contract } from '../contract';
import { adminAppsRoutes, adminJobsRoutes } from './apps/routes/admin-apps';
import { adminReviewsRoutes } from './apps/routes/admin-reviews';
import { adminCategoriesRoutes, adminFeaturedRoutes } from './catalog/routes/admin-catalog';
import { adminEmailsRoutes } from './mail/routes/admin-emails';
import { adminPublishersRoutes } from './publishers/routes/admin-publishers';
import { adminRegisteredWorkspacesRoutes } from './workspaces/routes/admin-workspaces';
import { appInfoRoutes } from './apps/routes/app-info';
import { listingRoutes } from './apps/routes/listing';
import { appRequestsRoutes } from './workspaces/routes/app-requests';
import { appsRoutes } from './apps/routes/apps';
import { catalogRoutes } from './catalog/routes/catalog';
import { adminRefundsRoutes, checkoutRoutes, workspaceLicensesRoutes } from './commerce/routes/checkout';
import { marketplaceRoutes } from './catalog/routes/marketplace';
import { seenOnSuccess } from './access/workspace-tokens';
import { meRoutes } from './identity/routes/me';
import { oauthRoutes } from './identity/routes/oauth';
import { publisherRoutes } from './publishers/routes/publisher';
import { submissionsRoutes } from './apps/routes/submissions';
import { tokensRoutes } from './identity/routes/tokens';
import { trustRoutes } from './identity/routes/trust';
import { adminPurchasesRoutes, adminWorkspacesRoutes, publisherPurchasesRoutes } from './commerce/routes/purchases';
import { webhooksRoutes } from './webhooks/routes/webhooks';
import { adminReportsRoutes, publisherReportsRoutes } from './reports/routes';
import { adminBundlesRoutes, bundlesRoutes } from './apps/routes/bundles';
import { workspaceDownloadsRoutes, workspaceInstallsRoutes } from './workspaces/routes/workspace-installs';

const s = initServer();

/**
 * Every contract route with its implementation, nested as the contract is: the compiler checks that each
 * router is implemented whole, and each handler against its route.
 */
export async function routes(app: FastifyInstance) {
  // A registered workspace's successful call is seeing it (its lastSeenAt; access/workspace-tokens.ts).
  seenOnSuccess(app);
  const router = s.router(contract, {
    oauth: oauthRoutes(app),
    me: meRoutes(app),
    publisher: { ...publisherRoutes(app), ...publisherPurchasesRoutes(app) },
    catalog: catalogRoutes(app),
    // Rocket.Chat's calls to its marketplace (docs/rocketchat.md, Rocket.Chat's calls).
    marketplace: marketplaceRoutes(app),
    apps: { ...appsRoutes(app), ...appInfoRoutes(app), ...listingRoutes(app) },
    webhooks: webhooksRoutes(app),
    submissions: submissionsRoutes(app),
    tokens: tokensRoutes(app),
    trust: trustRoutes(app),
    bundles: bundlesRoutes(app),
    // Registered Rocket.Chat workspaces (contract/workspace-installs.ts).
    workspaceInstalls: workspaceInstallsRoutes(app),
    workspaceDownloads: workspaceDownloadsRoutes(app),
    // Buyers (docs/rocketchat.md, Buying): the checkout pages and the licence sync.
    checkout: checkoutRoutes(app),
    workspaceLicenses: workspaceLicensesRoutes(app),
    // App requests (docs/rocketchat.md): Rocket.Chat's reads and the requestAccess page's call.
    appRequests: appRequestsRoutes(app),
    // Reports (docs/reports.md): the publisher's sales, subscriptions, installs and payouts.
    reports: publisherReportsRoutes(app),
    admin: {
      apps: adminAppsRoutes(app),
      jobs: adminJobsRoutes(app),
      categories: adminCategoriesRoutes(app),
      featured: adminFeaturedRoutes(app),
      emails: adminEmailsRoutes(app),
      publishers: adminPublishersRoutes(app),
      purchases: adminPurchasesRoutes(app),
      workspaces: adminWorkspacesRoutes(app),
      bundles: adminBundlesRoutes(app),
      // Registered Rocket.Chat workspaces (docs/rocketchat.md, Pointing a Rocket.Chat server).
      registeredWorkspaces: adminRegisteredWorkspacesRoutes(app),
      // Staff's refunds (docs/commerce.md).
      refunds: adminRefundsRoutes(app),
      // Staff review (docs/packages-and-review.md).
      reviews: adminReviewsRoutes(app),
      // The dashboard and the marketplace's reports (docs/reports.md).
      reports: adminReportsRoutes(app),
    },
  });

  s.registerRouter(contract, router, app, {
    logInitialization: false,
    responseValidation: false,
    // Validation errors go up to the error plugin, which answers with the envelope.
    requestValidationErrorHandler: (err) => {
      throw err;
    },
  });
}
