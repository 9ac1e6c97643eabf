import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { licenseKeyPair } from '../licenses/keys';
import { LicenseSigner } from '../licenses/license';

/**
 * The signer of app licences (docs/rocketchat.md, Buying): LICENSE_PRIVATE_KEY, else the key pair kept in the database (made at
 * the first start). Its public key is what a registered workspace is given (its `Cloud_Workspace_PublicKey`).
 */
export default fp(
  async function licenses(app: FastifyInstance) {
    app.decorate('licenses', new LicenseSigner(await licenseKeyPair(app.db, app.config.licensePrivateKey)));
  },
  { name: 'licenses', dependencies: ['db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    licenses: LicenseSigner;
  }
}
