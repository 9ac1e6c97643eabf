// The scopes a registered workspace may ask for at `/api/oauth/token` (client_credentials).

/**
 * Rocket.Chat's default list, asked for by almost every Marketplace call
 * (apps/meteor/app/cloud/server/oauthScopes.ts, `workspaceScopes`), in its order.
 */
export const ROCKET_CHAT_DEFAULT_SCOPES = [
  'workspace:license:read',
  'workspace:client:write',
  'workspace:stats:write',
  'workspace:push:send',
  'marketplace:read',
  'marketplace:download',
  'fedhub:register',
] as const;

// What a package download asks for alone, fresh each time (getWorkspaceAccessToken(true, 'marketplace:download',
// false)), and what the buy and subscribe pages ask for (`GET /api/apps/buildExternalUrl`).
import { PURCHASE_SCOPE } from '../../contract/checkout';
export { DOWNLOAD_SCOPE } from '../../contract/workspace-installs';
export { PURCHASE_SCOPE };

/**
 * Every scope granted. Only the `marketplace:*` ones mean anything here; the rest of Rocket.Chat's default
 * list is granted so that its token request (which always asks for the whole list) succeeds.
 */
export const WORKSPACE_SCOPES: readonly string[] = [...ROCKET_CHAT_DEFAULT_SCOPES, PURCHASE_SCOPE];

/**
 * The scope string to grant for what a workspace asked: exactly what it sent (Rocket.Chat caches its tokens
 * by the `scope` answered, so it must come back as asked), or its default list when it sent none; or the
 * scopes it may not have.
 */
export function grantScope(asked: string | undefined): { scope: string } | { unknown: string[] } {
  const scope = asked === undefined || asked.trim() === '' ? ROCKET_CHAT_DEFAULT_SCOPES.join(' ') : asked;
  const unknown = [...new Set(scope.split(' ').filter(Boolean))].filter((s) => !WORKSPACE_SCOPES.includes(s));
  return unknown.length ? { unknown } : { scope };
}
