import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEV_AUTH_PATH } from '../../config';
import { devAuthServer } from '../../dev/sign-in/server';
import { embeddedCloudToken } from '../../access/credentials';
import { IssuerTokens, type TokenIdentity } from '../issuer-tokens';
import { OAuthClient } from '../oauth-client';
import { workspaceTokenEndpoint } from '../workspace-grant';

/**
 * Sign-in: the OAuth client for the configured cloud issuer. Without CLOUD_ISSUER_URL, the embedded
 * development authorization server is mounted and the client talks to it over HTTP, like any issuer.
 */
export default fp(
  async function identity(app: FastifyInstance) {
    const { config } = app;
    const embedded = config.devSignIn;
    // Its clients: the portal (configured id and secret) and the rows of `oauth_clients` (the Apps CLI …).
    if (embedded) await devAuthServer(app, { clientId: config.cloudClientId, clientSecret: config.cloudClientSecret, publicUrl: config.publicUrl });
    // Registered Rocket.Chat workspaces get their tokens here whoever signs people in (the embedded server answers them itself).
    else workspaceTokenEndpoint(app);
    if (embedded && config.production) {
      app.log.warn(
        '!!! DEV_SIGN_IN=true: the embedded development sign-in is on in production — anyone who reaches this portal can sign in as any user, system admins included. Set CLOUD_ISSUER_URL and remove DEV_SIGN_IN. !!!',
      );
    }
    const selfIssuer = () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${DEV_AUTH_PATH}`;
    const client = new OAuthClient({
      issuer: () => config.cloudIssuerUrl ?? selfIssuer(),
      clientId: config.cloudClientId,
      clientSecret: config.cloudClientSecret,
    });
    app.decorate('identity', client);
    // Cloud access tokens clients such as the Apps CLI send the portal: the embedded server's own (its table),
    // or the configured issuer's signed tokens.
    const issuerTokens = config.cloudIssuerUrl
      ? new IssuerTokens({ issuer: config.cloudIssuerUrl, jwksUrl: config.cloudJwksUrl, audience: config.cloudTokenAudience })
      : null;
    app.decorate('cloudAccessToken', (token: string, tokenHash: string) =>
      issuerTokens ? issuerTokens.identify(token) : embeddedCloudToken(app.db, tokenHash),
    );
    app.decorate('identityUrls', {
      cloudUrl: config.cloudIssuerUrl ?? (config.publicUrl ? `${config.publicUrl}${DEV_AUTH_PATH}` : DEV_AUTH_PATH),
      // The embedded server's page is on this origin, so the SPA (and Vite's dev proxy) reach it by path.
      authorizeUrl: async () => (embedded ? `${DEV_AUTH_PATH}/authorize` : (config.cloudAuthorizeUrl ?? (await client.endpoints()).authorization_endpoint)),
    });
  },
  { name: 'identity', dependencies: ['db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    identity: OAuthClient;
    identityUrls: { cloudUrl: string; authorizeUrl: () => Promise<string> };
    /** Who a cloud access token (not a portal session) names, with its scope; null when nobody. */
    cloudAccessToken: (token: string, tokenHash: string) => Promise<TokenIdentity | null>;
  }
}
