import { adminApps } from './admin/apps';
import { adminBundles, adminCategories, adminFeatured, adminJobs, adminWorkspaces } from './admin/catalog';
import { adminEmails } from './admin/emails';
import { adminPublishers } from './admin/publishers';
import { adminPurchases } from './admin/purchases';
import { adminRegisteredWorkspaces } from './admin/workspaces';
import { apps } from './apps';
import { bundles } from './bundles';
import { c } from './c';
import { catalog } from './catalog';
import { marketplace } from './marketplace';
import { me } from './me';
import { oauth } from './oauth';
import { publisher } from './publisher';
import { submissions } from './submissions';
import { tokens } from './tokens';
import { trust } from './tokens';
import { webhooks } from './webhooks';

export const API_PREFIX = '/v1';

/** The whole /v1 API: one router per resource. */
export const contract = c.router(
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
    // Rocket.Chat's calls to its marketplace (issue 27): GET /v1/apps, /v1/featured-apps, /v1/apps/:id …
    marketplace,
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
      // Registered Rocket.Chat workspaces and their clients (issue 27).
      registeredWorkspaces: adminRegisteredWorkspaces,
    }),
  },
  { pathPrefix: API_PREFIX, strictStatusCodes: true },
);
export type Contract = typeof contract;
