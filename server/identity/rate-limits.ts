import type { Config } from '../config';
import type { SignInEndpoints } from '../kernel/plugins/security';
import { isPortalClientRequest } from './clients';
import { oauthEndpointOf } from './paths';

/** The sign-in endpoints the rate limits count (server/kernel/plugins/security.ts): the portal's own code exchange is not. */
export const signInEndpoints = (config: Config): SignInEndpoints => {
  const portal = { clientId: config.cloudClientId, clientSecret: config.cloudClientSecret, publicUrl: config.publicUrl };
  return { endpointOf: oauthEndpointOf, isPortalExchange: (body) => isPortalClientRequest(body, portal) };
};
