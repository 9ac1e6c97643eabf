import type { AppRoute } from '@ts-rest/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isSystemFeature, type RouteAccess } from '../../contract/access';
import { Access } from '../access/enforcer';
import { HttpError } from '../errors';
import type { Staff } from '../services/activity';
import type { AuthContext, DeveloperRow } from './auth';

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

/**
 * One hook authorizes every contract route from its `metadata` with the casbin enforcer:
 * public → anyone; session → signed in; feature → the developer's roles must grant the permission.
 * Object ownership (another publisher's rows → 404) is checked where rows are read.
 */
export default fp(
  async function access(app: FastifyInstance) {
    const enforcer = await Access.create();
    app.decorate('access', enforcer);
    // On request: before any body is parsed, so an unauthorized request never has its body read.
    app.addHook('onRequest', async (request) => {
      const route = (request.routeOptions.config as { tsRestRoute?: AppRoute }).tsRestRoute;
      if (!route) return;
      const rule = route.metadata as RouteAccess | undefined;
      if (!rule) throw new HttpError(500, 'internal_error', 'Route has no access rule.');
      if (rule.access === 'public') return;
      const auth = requireSession(request);
      if (rule.access === 'session') return;
      const developer = auth.developer;
      if (!developer) throw notRegistered();
      // Staff with a system role only have no publisher: publisher routes answer as for anyone without one.
      if (!developer.publisherId && !isSystemFeature(rule.feature)) throw notRegistered();
      const subject = {
        developerId: developer.id,
        publisherId: developer.publisherId,
        role: developer.role,
        systemRole: developer.systemRole,
      };
      if (!(await enforcer.can(subject, rule.feature, rule.permission))) {
        throw new HttpError(403, 'forbidden', `You do not have ${rule.permission} access to ${rule.feature}.`);
      }
      if (rule.systemRole && developer.systemRole !== rule.systemRole) {
        throw new HttpError(403, 'invalid_user_role', 'Invalid User Role');
      }
    });
  },
  { name: 'access', dependencies: ['auth'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    access: Access;
  }
}
