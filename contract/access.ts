/** The vocabulary of SPEC §6, shared by the server's casbin policy and the SPA's casbin enforcer. */
export const publisherFeatures = ['publisher', 'developer', 'app', 'bundle'] as const;
export const systemFeatures = [
  'system:administration',
  'system:apps',
  'system:bundles',
  'system:publishers',
  'system:purchaseRecords',
  'system:workspaces',
  'system:emailTemplates',
  'system:compileJobs',
  'system:categories',
  'system:featured',
] as const;
export const features = [...publisherFeatures, ...systemFeatures] as const;
export type Feature = (typeof features)[number];
export type PublisherFeature = (typeof publisherFeatures)[number];
export type SystemFeature = (typeof systemFeatures)[number];

export const permissions = ['read', 'create', 'update', 'delete'] as const;
export type Permission = (typeof permissions)[number];

export const publisherRoles = ['viewer', 'developer', 'owner'] as const;
export type PublisherRole = (typeof publisherRoles)[number];
export const systemRoles = ['user', 'viewer', 'support', 'reviewer', 'admin'] as const;
export type SystemRole = (typeof systemRoles)[number];

/** The casbin domain of system features; publisher features live in the publisher's id. */
export const SYSTEM_GROUP = 'system';
/** Policy rows for publisher roles are written once, for every publisher, under this domain. */
export const ANY_PUBLISHER = 'publisher';

export const isSystemFeature = (f: Feature): f is SystemFeature => f.startsWith('system:');

/**
 * How the server authorizes a route (route `metadata` in the contract):
 * - public: anyone;
 * - session: a signed-in cloud user, who may not have a developer account yet;
 * - feature: a developer whose roles grant `permission` on `feature`.
 */
export type RouteAccess =
  | { access: 'public' }
  | { access: 'session' }
  | { access: 'feature'; feature: Feature; permission: Permission; systemRole?: 'admin' };

export const open = { access: 'public' } as const satisfies RouteAccess;
export const session = { access: 'session' } as const satisfies RouteAccess;
export const can = <F extends Feature, P extends Permission>(feature: F, permission: P) =>
  ({ access: 'feature', feature, permission }) as const;
