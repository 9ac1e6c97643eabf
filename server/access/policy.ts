import { ANY_PUBLISHER, FEATURE_FLAGS, NO_FLAG, SYSTEM_GROUP, type Feature, type Permission, type PublisherRole, type SystemRole } from '../../contract/access';

/**
 * The casbin model: RBAC with domains. A request is (developer, domain, feature, permission); the domain is
 * `system` or a publisher id — for a route that names a row, its owner's. A developer's roles are grouping
 * rows in the domains where they hold (`g, <developer>, <role>, <publisher id>` for their own publisher only,
 * `g, <developer>, <system role>, system`), so a publisher role answers for no other publisher. Publisher-role
 * rows are written once under the domain `publisher` (they apply in any publisher domain the developer holds
 * a role in); system rows in `system` only. A row may also need a flag of the domain's publisher
 * (`g2, <publisher id>, <flag>`, SPEC §6 canCreateBundles …): the flag column, `-` where none is needed.
 */
export const MODEL = `[request_definition]
r = sub, dom, obj, act

[policy_definition]
p = sub, dom, obj, act, flag

[role_definition]
g = _, _, _
g2 = _, _

[policy_effect]
e = some(where (p.eft == allow))

[matchers]
m = g(r.sub, p.sub, r.dom) && (p.dom == r.dom || (p.dom == "${ANY_PUBLISHER}" && r.dom != "${SYSTEM_GROUP}")) && r.obj == p.obj && r.act == p.act && (p.flag == "${NO_FLAG}" || g2(r.dom, p.flag))
`;

const R: Permission[] = ['read'];
const CRU: Permission[] = ['read', 'create', 'update'];
const ALL: Permission[] = ['read', 'create', 'update', 'delete'];

/** Publisher roles → feature → permissions (docs/roles.md has this as a table). */
export const publisherMatrix: Record<PublisherRole, Partial<Record<Feature, Permission[]>>> = {
  viewer: { publisher: R, developer: ['read', 'update'], app: R, bundle: R, webhook: R },
  developer: { publisher: R, developer: ['read', 'update'], app: CRU, bundle: CRU, webhook: R, paidApp: ['create'] },
  owner: { publisher: ALL, developer: ALL, app: ALL, bundle: ALL, webhook: ALL, paidApp: ['create'] },
};

const readAllSystem: Partial<Record<Feature, Permission[]>> = {
  'system:administration': R,
  'system:apps': R,
  'system:bundles': R,
  'system:publishers': R,
  'system:purchaseRecords': R,
  'system:workspaces': R,
  'system:emailTemplates': R,
  'system:compileJobs': R,
  'system:categories': R,
  'system:featured': R,
};

/** System roles → feature → permissions. `user` is everyone who is not staff. */
export const systemMatrix: Record<SystemRole, Partial<Record<Feature, Permission[]>>> = {
  user: {},
  viewer: readAllSystem,
  support: {
    ...readAllSystem,
    'system:publishers': ['read', 'update'],
    'system:purchaseRecords': ALL,
    'system:emailTemplates': CRU,
  },
  reviewer: {
    ...readAllSystem,
    'system:apps': ['read', 'update'],
    'system:bundles': ['read', 'update'],
    'system:compileJobs': ['read', 'create'],
    'system:categories': CRU,
    'system:featured': ALL,
  },
  admin: Object.fromEntries(Object.keys(readAllSystem).map((f) => [f, ALL])),
};

const flagOf = (feature: string) => FEATURE_FLAGS[feature as keyof typeof FEATURE_FLAGS] ?? NO_FLAG;
const rows = (matrix: Record<string, Partial<Record<Feature, Permission[]>>>, dom: string) =>
  Object.entries(matrix).flatMap(([role, features]) =>
    Object.entries(features).flatMap(([feature, perms]) => (perms ?? []).map((p) => ['p', role, dom, feature, p, flagOf(feature)])),
  );

/** Policy rows as /v1/me/ac hands them to the SPA: ['p', role, domain, feature, permission, flag]. */
export const policies = {
  system: rows(systemMatrix, SYSTEM_GROUP),
  publisher: rows(publisherMatrix, ANY_PUBLISHER),
};
