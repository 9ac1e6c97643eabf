import { adminApps } from './admin/apps';
import { adminBundles, adminCategories, adminFeatured, adminJobs, adminWorkspaces } from './admin/catalog';
import { adminEmails } from './admin/emails';
import { adminPublishers } from './admin/publishers';
import { adminPurchases } from './admin/purchases';
import { adminReviews } from './admin/reviews';
import { adminRegisteredWorkspaces } from './admin/workspaces';
import { appRequests } from './app-requests';
import { apps } from './apps';
import { bundles } from './bundles';
import { c } from './c';
import { catalog } from './catalog';
import { adminRefunds, checkout, workspaceLicenses } from './checkout';
import { marketplace } from './marketplace';
import { me } from './me';
import { oauth } from './oauth';
import { publisher } from './publisher';
import { adminReports, publisherReports } from './reports';
import { submissions } from './submissions';
import { tokens } from './tokens';
import { trust } from './tokens';
import { webhooks } from './webhooks';
import { workspaceDownloads, workspaceInstalls } from './workspace-installs';

export const API_PREFIX = '/v1';

/** The /v1 API: one router per resource. */
const v1 = c.router(
  {
    oauth,
    me,
    publisher,
    apps,
    bundles,
    webhooks,
    submissions,
    tokens,
    trust,
    catalog,
    // Rocket.Chat's calls to its marketplace (docs/rocketchat.md, Rocket.Chat's calls): GET /v1/apps, /v1/featured-apps, /v1/apps/:id …
    marketplace,
    // Registered Rocket.Chat workspaces: install events and usage reports, and the installs read of them.
    workspaceInstalls,
    // Buyers (docs/rocketchat.md, Buying): the checkout pages' calls, and Rocket.Chat's licence sync.
    checkout,
    workspaceLicenses,
    // App requests (docs/rocketchat.md): Rocket.Chat's reads of its end users' requests, and the requestAccess page's call.
    appRequests,
    // Reports (docs/reports.md): the publisher's sales, subscriptions, installs and payouts.
    reports: publisherReports,
    admin: c.router({
      apps: adminApps,
      emails: adminEmails,
      purchases: adminPurchases,
      publishers: adminPublishers,
      workspaces: adminWorkspaces,
      bundles: adminBundles,
      jobs: adminJobs,
      categories: adminCategories,
      featured: adminFeatured,
      // Registered Rocket.Chat workspaces and their clients (docs/rocketchat.md, Pointing a Rocket.Chat server).
      registeredWorkspaces: adminRegisteredWorkspaces,
      refunds: adminRefunds,
      // Staff review (docs/packages-and-review.md): the queue, assignment, the publish checks' findings and settings.
      reviews: adminReviews,
      // The dashboard and the marketplace's reports (docs/reports.md).
      reports: adminReports,
    }),
  },
  { pathPrefix: API_PREFIX, strictStatusCodes: true },
);

/** The whole API: the /v1 routers, and Rocket.Chat's package download under /v2 (contract/workspace-installs.ts). */
export const contract = c.router({ ...v1, workspaceDownloads }, { strictStatusCodes: true });
export type Contract = typeof contract;
