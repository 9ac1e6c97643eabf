import { DEV_AUTH_PATH } from '../config';

/**
 * Where the embedded authorization server answers. Its own paths (under DEV_AUTH_PATH, named by its
 * discovery document) and the ones Rocket.Chat's Apps CLI hard-codes for https://cloud.rocket.chat — which,
 * in tests and when self-hosting, points at the portal: the same handlers behind both.
 */
export const DEV_PATHS = {
  authorize: `${DEV_AUTH_PATH}/authorize`,
  token: `${DEV_AUTH_PATH}/token`,
  revoke: `${DEV_AUTH_PATH}/revoke`,
  userinfo: `${DEV_AUTH_PATH}/userinfo`,
  discovery: `${DEV_AUTH_PATH}/.well-known/openid-configuration`,
} as const;

export const CLOUD_PATHS = { authorize: '/authorize', token: '/api/oauth/token', revoke: '/api/oauth/revoke' } as const;

export type OAuthEndpoint = keyof typeof CLOUD_PATHS;

/** Which endpoint a route's path is (either spelling), if any. */
export function oauthEndpointOf(url: string): OAuthEndpoint | null {
  for (const name of ['authorize', 'token', 'revoke'] as const) if (url === DEV_PATHS[name] || url === CLOUD_PATHS[name]) return name;
  return null;
}
