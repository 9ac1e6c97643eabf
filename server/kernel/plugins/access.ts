import type { AppRoute } from '@ts-rest/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { isSystemFeature, publisherFlags, type Feature, type Permission, type PublisherFlag, type RouteAccess } from '../../../contract/access';
import { BUNDLE_TEXT } from '../../../contract/schemas/bundle';
import { WEBHOOK_TEXT } from '../../../contract/schemas/webhook';
import { Access, SYSTEM_DOMAIN, type Domain, type Subject } from '../../access/enforcer';
import { appOfRow, checkGrant } from '../../access/grant';
import { resolvers, type ResolvedKind, type RowOf } from '../../access/resources';
import { publishers } from '../../db/schema';
import { HttpError } from '../../errors';
import type { Staff } from '../activity';
import type { AuthContext, DeveloperRow } from '../../access/caller';
import { authorizeWorkspace, optionalWorkspace } from '../../access/workspace-caller';
import type { WorkspaceCaller } from '../../access/workspace-tokens';

export const unauthenticated = () => new HttpError(401, 'unauthenticated', 'Sign in to continue.');
/** A signed-in cloud user without a publisher account yet: the SPA sends them to sign-up (SPEC §7). */
export const notRegistered = () => new HttpError(404, 'not_registered', 'No publisher account exists for this user yet.');

/** The request's developer, or 404: a signed-in cloud user without a publisher account yet. */
export function requireDeveloper(request: FastifyRequest): DeveloperRow & { publisherId: string } {
  const developer = request.auth?.developer;
  if (!developer?.publisherId) throw notRegistered();
  return developer as DeveloperRow & { publisherId: string };
}

/** The request's developer account, with or without a publisher (staff may have a system role only); else 404. */
export function requireAccount(request: FastifyRequest): DeveloperRow {
  const developer = request.auth?.developer;
  if (!developer) throw notRegistered();
  return developer;
}

export function requireSession(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** The staff member acting (for activity logs): id and display name. */
export function requireStaff(request: FastifyRequest): Staff {
  const developer = requireSession(request).developer;
  if (!developer) throw new HttpError(403, 'forbidden', 'You do not have access to this resource.');
  return { id: developer.id, name: `${developer.firstName} ${developer.lastName}`.trim() || developer.email };
}

/** Where a route's rule is: its contract route's metadata. */
const ruleOf = (request: FastifyRequest) =>
  (request.routeOptions.config as { tsRestRoute?: AppRoute } | undefined)?.tsRestRoute?.metadata as RouteAccess | undefined;

/** The refusal of a feature whose publisher lacks the flag it needs (SPEC §6), in the spec's words. */
const flagDenials: Partial<Record<PublisherFlag, () => HttpError>> = {
  canCreateBundles: () => new HttpError(403, 'bundles_not_available', `${BUNDLE_TEXT.notAvailableTitle}: ${BUNDLE_TEXT.notAvailable}`),
  canUseWebhooks: () => new HttpError(403, 'webhooks_disabled', `${WEBHOOK_TEXT.disabledTitle}: this publisher may not use webhooks.`),
};

/**
 * The one gate. Every contract route is authorized here from its `metadata`, before its body is read:
 * public → anyone; session → signed in; feature → the casbin policy must allow the developer the permission
 * on the feature in a domain. A route that names a row (`resource`) has it loaded here, once: the domain is
 * the row's owner (its publisher; `system` for staff features), so a publisher role answers only for its own
 * publisher's rows; a row of a publisher the caller holds no role in is a 404, like one that does not exist.
 * The handler receives the authorized row (`resourceOf`) and checks no ownership itself.
 */
export default fp(
  async function access(app: FastifyInstance) {
    const enforcer = await Access.create();
    app.decorate('access', enforcer);
    app.decorateRequest('resource', undefined);
    app.decorateRequest('domain', null);
    app.decorateRequest('workspace', null);
    const ownFlags = async (publisherId: string) => {
      const [row] = await app.db.select().from(publishers).where(eq(publishers.id, publisherId));
      return row ? publisherFlags.filter((f) => row[f]) : [];
    };
    // On request: before any body is parsed, so an unauthorized request never has its body read.
    app.addHook('onRequest', async (request) => {
      const rule = ruleOf(request);
      if (!(request.routeOptions.config as { tsRestRoute?: AppRoute } | undefined)?.tsRestRoute) return;
      if (!rule) throw new HttpError(500, 'internal_error', 'Route has no access rule.');
      if (rule.access === 'public') {
        // A registered Rocket.Chat workspace's route: its access token, and the scope the rule names.
        if (rule.caller === 'workspace') request.workspace = await authorizeWorkspace(app.db, request, rule);
        // A read a workspace's token may accompany: none is anyone; one must be a live token holding the scope.
        else if (rule.workspace === 'optional') request.workspace = await optionalWorkspace(app.db, request, rule.scope ?? '', app.workspaceReads);
        return;
      }
      const auth = requireSession(request);
      // What the credential covers (an API token, the CLI's token …) is decided with the route's rule; the
      // app it may be limited to, once the row the path names is known.
      const scoped = auth.grant.via !== 'session';
      if (rule.access === 'session' || (scoped && !rule.resource)) checkGrant(auth.grant, rule, undefined);
      if (rule.access === 'session') return;
      const developer = auth.developer;
      if (!developer) throw notRegistered();
      // Staff with a system role only have no publisher: publisher routes answer as for anyone without one.
      if (!developer.publisherId && !isSystemFeature(rule.feature)) throw notRegistered();
      const subject = subjectOf(developer);
      const refused = () => new HttpError(403, 'forbidden', `You do not have ${rule.permission} access to ${rule.feature}.`);
      const flag = Access.flagOf(rule.feature);
      /** Asks the policy in `domain`; a refusal says why: the publisher lacks the flag, or the role the permission. */
      const decide = async (domain: Domain) => {
        if (await enforcer.allows(subject, domain, rule.feature, rule.permission)) return;
        if (
          flag &&
          !domain.flags.includes(flag) &&
          (await enforcer.allows(subject, { ...domain, flags: [...domain.flags, flag] }, rule.feature, rule.permission))
        ) {
          throw flagDenials[flag]?.() ?? new HttpError(403, 'forbidden', `This publisher may not use ${rule.feature} (${flag}).`);
        }
        throw refused();
      };
      const resolver = rule.resource ? resolvers[rule.resource as ResolvedKind] : undefined;
      if (rule.resource && !resolver) throw new HttpError(500, 'internal_error', `No resolver for ${rule.resource}.`);
      const load = async () => {
        const found = await resolver!.load(app.db, request.params as Record<string, string>);
        if (!found) throw resolver!.notFound();
        return found;
      };
      if (isSystemFeature(rule.feature)) {
        if (scoped) checkGrant(auth.grant, rule, undefined);
        // Staff features are decided in `system` (the row's owner does not matter); the row must exist.
        await decide(SYSTEM_DOMAIN);
        if (rule.systemRole && developer.systemRole !== rule.systemRole) throw new HttpError(403, 'invalid_user_role', 'Invalid User Role');
        request.domain = SYSTEM_DOMAIN;
        if (resolver) request.resource = (await load()).row;
        return;
      }
      if (!resolver) {
        // No row named: the caller's own publisher, with its flags when the feature needs one.
        const home = Access.homeDomain(subject, rule.feature, flag && subject.publisherId ? await ownFlags(subject.publisherId) : [])!;
        await decide(home);
        request.domain = home;
        return;
      }
      // The row the path names, loaded once; decided in the domain of its owner. A publisher the caller holds
      // no role in has no rows for them: 404, as for a row that does not exist, whatever their role.
      const found = await load();
      const domain: Domain = { id: found.owner ?? '', flags: found.flags };
      if (!(await enforcer.holdsRoleIn(subject, domain))) throw resolver.notFound();
      if (scoped) checkGrant(auth.grant, rule, appOfRow(rule.resource, found.row));
      await decide(domain);
      request.resource = found.row;
      request.domain = domain;
    });
  },
  { name: 'access', dependencies: ['auth', 'db', 'read-cache'] },
);

export const subjectOf = (developer: DeveloperRow): Subject => ({
  developerId: developer.id,
  publisherId: developer.publisherId,
  role: developer.role,
  systemRole: developer.systemRole,
});

/** The registered workspace accompanying a read whose rule is `workspaceMayCall` (null: anyone); throws on any other route. */
export function workspaceIfAny(request: FastifyRequest): WorkspaceCaller | null {
  const rule = ruleOf(request);
  if (rule?.access !== 'public' || rule.workspace !== 'optional') {
    throw new Error(`${request.routeOptions.url ?? request.url} is not a read a workspace may accompany: the gate decided no workspace`);
  }
  return request.workspace;
}

/** The registered workspace the gate authorized for this route (its rule is `workspaceCaller`); throws on any other route. */
export function workspaceOf(request: FastifyRequest): WorkspaceCaller {
  if (!request.workspace) throw new Error(`${request.routeOptions.url ?? request.url} is not a workspace's route: the gate authorized no workspace`);
  return request.workspace;
}

/**
 * The row the gate authorized for this route (its contract metadata's `resource`). Throws when the route
 * declares no such resource: a handler cannot read a row nobody authorized.
 */
export function resourceOf<K extends ResolvedKind>(request: FastifyRequest, kind: K): RowOf<K> {
  if (ruleOf(request)?.access !== 'feature' || (ruleOf(request) as { resource?: string }).resource !== kind || request.resource === undefined) {
    throw new Error(`${request.routeOptions.url ?? request.url} declares no ${kind} resource: the gate authorized none`);
  }
  return request.resource as RowOf<K>;
}

/**
 * The rows of `kind` named in a request's body (e.g. the apps a new bundle holds) that the caller may
 * `permission` on `feature`: each loaded by its resolver and asked of the policy in its owner's domain, as
 * the gate does for the row a path names. The rest (missing, or another publisher's) are left out.
 */
export async function allowedRows<K extends ResolvedKind>(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: K,
  ids: string[],
  feature: Feature,
  permission: Permission,
): Promise<RowOf<K>[]> {
  const developer = request.auth?.developer;
  if (!developer) return [];
  const subject = subjectOf(developer);
  const rows: RowOf<K>[] = [];
  for (const id of new Set(ids)) {
    const found = await resolvers[kind].load(app.db, { id });
    if (!found) continue;
    const domain: Domain = isSystemFeature(feature) ? SYSTEM_DOMAIN : { id: found.owner ?? '', flags: found.flags };
    if (await app.access.allows(subject, domain, feature, permission)) rows.push(found.row as RowOf<K>);
  }
  return rows;
}

/**
 * Whether the caller may also `permission` on `feature` in the domain the gate decided this request in (for
 * a rule that depends on the body, e.g. a paid plan needs `paidApp` — canCreatePaidApps).
 */
export async function allowedHere(app: FastifyInstance, request: FastifyRequest, feature: Feature, permission: Permission) {
  const developer = request.auth?.developer;
  if (!developer || !request.domain) return false;
  return app.access.allows(subjectOf(developer), request.domain, feature, permission);
}

declare module 'fastify' {
  interface FastifyInstance {
    access: Access;
  }
  interface FastifyRequest {
    /** The row the route names, loaded and authorized by the gate (read it with `resourceOf`). */
    resource: unknown;
    /** The registered workspace the gate authorized (routes whose rule is `workspaceCaller`, or `workspaceMayCall` with a token; else null). */
    workspace: WorkspaceCaller | null;
    /** The domain the gate decided this request in (null before, and on public and session routes). */
    domain: Domain | null;
  }
}
