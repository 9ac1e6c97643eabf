import type { Feature, Permission } from '../../../contract/access';
import type { Publisher } from '../../../contract/schemas/publisher';
import type { FileRouteTypes } from '../../routeTree.gen';

/** A sidebar entry: a typed route of the SPA (the router's own list, so a link to a route that does not exist does not compile). */
export type NavEntry = {
  label: string;
  feature: Feature;
  /** The permission on `feature` the entry needs (read unless said). */
  permission?: Permission;
  /** Why the entry is shown but disabled, if it is. */
  disabledWhen?: (publisher: Publisher | null) => boolean;
  to: FileRouteTypes['to'];
};

/**
 * SPEC §2 Sidebar: each entry shown only with read permission on its feature. Bundles and Webhooks are shown
 * to every member (read on `publisher`) and disabled while the publisher lacks the flag their features need
 * (the policy's `bundle` and `webhook` rows carry it), as the spec shows them.
 */
export const publisherNav: NavEntry[] = [
  { to: '/publisher/info', label: 'Publisher Info', feature: 'publisher' },
  { to: '/publisher/profile', label: 'Profile', feature: 'developer' },
  { to: '/publisher/apps', label: 'Apps', feature: 'app' },
  { to: '/publisher/bundles', label: 'Bundles', feature: 'publisher', disabledWhen: (p) => !p?.canCreateBundles },
  { to: '/publisher/webhooks', label: 'Webhooks', feature: 'publisher', disabledWhen: (p) => !p?.canUseWebhooks },
  { to: '/publisher/purchases', label: 'Purchases', feature: 'publisher', disabledWhen: (p) => !p },
  { to: '/publisher/reports', label: 'Reports', feature: 'publisher', disabledWhen: (p) => !p },
];

/** The Administration group, shown with read on system:administration (Reviews: to those who may review, update on system:apps). */
export const adminNav: NavEntry[] = [
  { to: '/publisher/admin', label: 'Dashboard', feature: 'system:administration' },
  { to: '/publisher/admin/reports', label: 'Reports', feature: 'system:administration' },
  { to: '/publisher/admin/apps', label: 'Apps', feature: 'system:apps' },
  { to: '/publisher/admin/reviews', label: 'Reviews', feature: 'system:apps', permission: 'update' },
  { to: '/publisher/admin/bundles', label: 'Bundles', feature: 'system:bundles' },
  { to: '/publisher/admin/publishers', label: 'Publishers', feature: 'system:publishers' },
  { to: '/publisher/admin/purchases/{-$purchaseId}', label: 'Purchase Records', feature: 'system:purchaseRecords' },
  { to: '/publisher/admin/workspace/{-$workspaceId}', label: 'Workspace', feature: 'system:workspaces' },
  { to: '/publisher/admin/emails', label: 'Email Templates', feature: 'system:emailTemplates' },
  { to: '/publisher/admin/jobs', label: 'Compile Jobs', feature: 'system:compileJobs' },
  { to: '/publisher/admin/categories', label: 'Categories', feature: 'system:categories' },
  { to: '/publisher/admin/featured', label: 'Featured Sections', feature: 'system:featured' },
];
