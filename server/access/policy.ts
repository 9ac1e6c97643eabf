import {
  ANY_PUBLISHER, SYSTEM_GROUP, type Feature, type Permission, type PublisherRole, type SystemRole,
} from '../../contract/access';

/**
 * The casbin model: RBAC with domains. A request is (developer, group, feature, permission); group is
 * `system` or a publisher id. Publisher-role rows are written once under the domain `publisher` and
 * apply in every publisher the developer belongs to; system-role rows apply in `system` only.
 */
export const MODEL = `[request_definition]
r = sub, dom, obj, act

[policy_definition]
p = sub, dom, obj, act

[role_definition]
g = _, _, _

[policy_effect]
e = some(where (p.eft == allow))

[matchers]
m = g(r.sub, p.sub, r.dom) && ((r.dom == "${SYSTEM_GROUP}" && p.dom == "${SYSTEM_GROUP}") || (r.dom != "${SYSTEM_GROUP}" && p.dom == "${ANY_PUBLISHER}")) && r.obj == p.obj && r.act == p.act
`;

const R: Permission[] = ['read'];
const CRU: Permission[] = ['read', 'create', 'update'];
const ALL: Permission[] = ['read', 'create', 'update', 'delete'];

/** Publisher roles → feature → permissions (README has this as a table). */
export const publisherMatrix: Record<PublisherRole, Partial<Record<Feature, Permission[]>>> = {
  viewer: { publisher: R, developer: ['read', 'update'], app: R, bundle: R },
  developer: { publisher: R, developer: ['read', 'update'], app: CRU, bundle: CRU },
  owner: { publisher: ALL, developer: ALL, app: ALL, bundle: ALL },
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

const rows = (matrix: Record<string, Partial<Record<Feature, Permission[]>>>, dom: string) =>
  Object.entries(matrix).flatMap(([role, features]) =>
    Object.entries(features).flatMap(([feature, perms]) => (perms ?? []).map((p) => ['p', role, dom, feature, p])),
  );

/** Policy rows as /v1/me/ac hands them to the SPA: ['p', role, domain, feature, permission]. */
export const policies = {
  system: rows(systemMatrix, SYSTEM_GROUP),
  publisher: rows(publisherMatrix, ANY_PUBLISHER),
};
