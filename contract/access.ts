/** The vocabulary of SPEC §6, shared by the server's casbin policy and the SPA's casbin enforcer. */
export const publisherFeatures = ['publisher', 'developer', 'app', 'bundle', 'webhook', 'paidApp'] as const;
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

/** The publisher flags of SPEC §6 that the policy decides with (beside the role) in the publisher's domain. */
export const publisherFlags = ['canCreatePaidApps', 'canCreateBundles', 'canUseNPMModules', 'canUseWebhooks'] as const;
export type PublisherFlag = (typeof publisherFlags)[number];
/** A feature that needs a flag of its publisher: every row of the policy for it carries the flag. */
export const FEATURE_FLAGS: Partial<Record<PublisherFeature, PublisherFlag>> = {
  bundle: 'canCreateBundles',
  webhook: 'canUseWebhooks',
  paidApp: 'canCreatePaidApps',
};
/** The policy's flag column where a row needs none. */
export const NO_FLAG = '-';

/**
 * What a route names by its path (`/…/apps/:id/jobs/:jobId` names a compile job of an app): the server
 * loads that row once, before the handler, and asks the policy in the domain of the row's owner (its
 * publisher; `system` for staff features), so another publisher's row is a 404 however the handler is written.
 */
export const resourceKinds = [
  'app',
  'appVersion',
  'price',
  'compileJob',
  'screenshot',
  'bundle',
  'webhook',
  'webhookActivity',
  'publisher',
  'publisherDeveloper',
  'teamMember',
  'purchase',
  'workspace',
  'featured',
  'versionDownload',
  'apiToken',
  'trustPolicy',
  'payout',
] as const;
export type ResourceKind = (typeof resourceKinds)[number];

/**
 * How the server authorizes a route (route `metadata` in the contract):
 * - public: anyone — or, with `caller: 'workspace'` (`workspaceCaller`), a registered Rocket.Chat workspace, or
 *   with `workspace: 'optional'` (`workspaceMayCall`), anyone and a registered workspace's live token;
 * - session: a signed-in cloud user, who may not have a developer account yet;
 * - feature: a developer whose roles grant `permission` on `feature`.
 */
export type RouteAccess =
  | { access: 'public'; caller?: 'workspace'; workspace?: 'optional'; scope?: string; tokenIn?: 'query' }
  | { access: 'session' }
  | { access: 'feature'; feature: Feature; permission: Permission; systemRole?: 'admin'; resource?: ResourceKind; token?: TokenAbility };

/**
 * What a credential other than a browser session (an API token, the Apps CLI's cloud token, a trusted
 * publishing token) may do: `read` a publisher's apps, `submit` packages, `reports:read` its reports (docs/reports.md). A route that names the ability
 * its rule needs (`token`) accepts such credentials holding it; every other route accepts sessions only.
 */
export const tokenAbilities = ['read', 'submit', 'reports:read'] as const;
export type TokenAbility = (typeof tokenAbilities)[number];
/** A rule that credentials holding `ability` may also pass (on their apps, see server/access/grant.ts). */
export const forTokens = <A extends RouteAccess & { access: 'feature' }, T extends TokenAbility>(ability: T, rule: A) => ({ ...rule, token: ability }) as const;

export const open = { access: 'public' } as const satisfies RouteAccess;
/**
 * The rule of a route a Rocket.Chat server calls as a registered workspace: no portal session; the one gate
 * (server/kernel/plugins/access.ts) checks the workspace's access token before the body is read — 401 without a valid
 * one, 403 without the `scope` the route needs. The token comes as `Authorization: Bearer …`, or in the `token`
 * query parameter where Rocket.Chat sends it so (`tokenIn: 'query'`, the package download).
 */
export const workspaceCaller = <S extends string | undefined = undefined>(scope?: S, tokenIn?: 'query') =>
  ({ access: 'public', caller: 'workspace', ...(scope ? { scope } : {}), ...(tokenIn ? { tokenIn } : {}) }) as {
    access: 'public';
    caller: 'workspace';
    scope?: S;
    tokenIn?: 'query';
  };
/**
 * The rule of a public read a registered workspace's token may accompany (the catalog Rocket.Chat's Marketplace
 * screen reads): anyone without `Authorization: Bearer <token>` (or with `Bearer ` and nothing after it, as
 * Rocket.Chat sends while its workspace is not registered); with one, the one gate requires a live workspace token
 * holding `scope` — anything else is a 401, never anonymous — and the handler answers for that workspace.
 */
export const workspaceMayCall = <S extends string>(scope: S) => ({ access: 'public', workspace: 'optional', scope }) as const;
/** Whether a route's rule is a workspace's (`workspaceCaller`); a read it may only accompany (`workspaceMayCall`) is not. */
export const isWorkspaceRoute = (metadata: unknown) => (metadata as { caller?: string } | undefined)?.caller === 'workspace';
export const session = { access: 'session' } as const satisfies RouteAccess;
export const can = <F extends Feature, P extends Permission>(feature: F, permission: P) => ({ access: 'feature', feature, permission }) as const;
/** A rule on the row the route's path names (see `resourceKinds`). */
export const onRow = <R extends ResourceKind, A extends RouteAccess & { access: 'feature' }>(resource: R, rule: A) => ({ ...rule, resource }) as const;
/** `can`, on the row the route's path names (see `resourceKinds`). */
export const canOn = <F extends Feature, P extends Permission, R extends ResourceKind>(resource: R, feature: F, permission: P) =>
  ({ access: 'feature', feature, permission, resource }) as const;
