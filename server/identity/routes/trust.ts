import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { contract } from '../../../contract';
import { TRUST_TEXT } from '../../../contract/schemas/tokens';
import { badRequest } from '../../errors';
import { requireStaff, resourceOf } from '../../kernel/plugins/access';
import { CiTokens } from '../trusted/ci-tokens';
import { exchangeCiToken } from '../trusted/exchange';
import { addPolicy, listPolicies, removePolicy } from '../trusted/policies';

const s = initServer();

/**
 * Trusted publishing: an app's trust policies (sessions of its publisher's developers: the gate authorizes
 * the app, or the policy, the path names) and the token exchange a CI job calls with its identity token.
 */
export const trustRoutes = (app: FastifyInstance) => {
  const ciTokens = new CiTokens(app.config.trustedPublishing);
  return {
    list: s.route(contract.trust.list, async ({ request }) => ({ status: 200, body: await listPolicies(app.db, resourceOf(request, 'app').id) })),

    create: s.route(contract.trust.create, async ({ request, body }) => {
      const target = resourceOf(request, 'app');
      const issuer = ciTokens.allowedIssuer(body.issuer);
      if (!issuer) throw badRequest(TRUST_TEXT.issuerUnknown, [{ path: 'issuer', message: TRUST_TEXT.issuerUnknown }]);
      return { status: 201, body: await addPolicy(app.db, target, { ...body, issuer }, requireStaff(request)) };
    }),

    remove: s.route(contract.trust.remove, async ({ request }) => {
      const { app: target, policy } = resourceOf(request, 'trustPolicy');
      return { status: 200, body: await removePolicy(app.db, target, policy, requireStaff(request)) };
    }),

    exchange: s.route(contract.trust.exchange, async ({ body }) => ({
      status: 200,
      body: await exchangeCiToken(app.db, ciTokens, { subjectToken: body.subject_token, appId: body.app_id }),
    })),
  };
};
