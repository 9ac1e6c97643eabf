import type { ResourceKind, RouteAccess, TokenAbility } from '../../contract/access';
import { HttpError } from '../errors';

/**
 * What the credential of a request may do beyond what its holder's roles allow. A browser session may do
 * all its roles allow; an API token, the Apps CLI's cloud token or a trusted publishing token only the routes
 * whose rule names an ability it holds, and only on its apps (all of its publisher's, or the ones listed).
 */
export type Grant =
  { via: 'session' } | { via: 'apiToken' | 'cloudToken' | 'trusted'; tokenId: string; abilities: readonly TokenAbility[]; apps: 'all' | readonly string[] };

export const SESSION_GRANT: Grant = { via: 'session' };

const credentialName = { apiToken: 'This API token', cloudToken: 'This sign-in token', trusted: 'This trusted publishing token' } as const;

const refusals: Record<TokenAbility, string> = { read: 'may not read apps', submit: 'may not submit packages', 'reports:read': 'may not read reports' };

const outOfScope = (grant: Exclude<Grant, { via: 'session' }>, what: string) => new HttpError(403, 'token_scope', `${credentialName[grant.via]} ${what}.`);

/** The app a row the gate loaded belongs to (an app's own id; its version's, price's … app), if any. */
export function appOfRow(kind: ResourceKind | undefined, row: unknown): string | undefined {
  if (!kind || !row || typeof row !== 'object') return undefined;
  if (kind === 'app') return (row as { id?: string }).id;
  const app = (row as { app?: { id?: string } }).app;
  return app?.id;
}

/**
 * Refuses (403 `token_scope`) a route the credential does not cover, before anything is read or written:
 * `rule` is the route's, `appId` the app of the row its path names (none for routes naming no app). A
 * credential limited to chosen apps covers only routes that name one of them (no lists, no new apps).
 */
export function checkGrant(grant: Grant, rule: RouteAccess, appId: string | undefined): void {
  if (grant.via === 'session') return;
  const needs = rule.access === 'feature' ? rule.token : undefined;
  if (!needs) throw outOfScope(grant, 'cannot be used here: sign in to the portal instead');
  if (!grant.abilities.includes(needs)) throw outOfScope(grant, refusals[needs]);
  if (grant.apps === 'all') return;
  if (!appId) throw outOfScope(grant, 'is limited to chosen apps: it may not act on the publisher as a whole');
  if (!grant.apps.includes(appId)) throw outOfScope(grant, 'may not act on this app');
}
