import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract } from '../../../contract';
import { HttpError } from '../../errors';
import { allowedRows, requireDeveloper, resourceOf } from '../../kernel/plugins/access';
import type { DeveloperRow } from '../../access/caller';
import { createToken, listTokens, revokeToken } from '../api-tokens/tokens';

const s = initServer();

/** Who acts, for the activity log and the token's "created by". */
const actor = (d: DeveloperRow) => ({ id: d.id, name: `${d.firstName} ${d.lastName}`.trim() || d.email });

/**
 * The publisher's API tokens (the "API tokens" card of /publisher/info). Sessions only: a token cannot
 * list, make or revoke tokens (no route here is marked `forTokens`, so the gate refuses it).
 */
export const tokensRoutes = (app: FastifyInstance) => {
  /**
   * The apps a new token is limited to: each must be one of the caller's publisher's apps that they may
   * update; any other (missing, another publisher's) is refused by id, naming the field.
   */
  const chosenApps = async (request: FastifyRequest, publisherId: string, ids: string[] | null) => {
    if (ids === null) return null;
    const unique = [...new Set(ids)];
    const allowed = await allowedRows(app, request, 'app', unique, 'app', 'update');
    const own = new Set(allowed.filter((a) => a.publisherId === publisherId).map((a) => a.id));
    const refused = unique.filter((id) => !own.has(id));
    if (refused.length > 0) {
      const message = `Not an app of this publisher that you may update: ${refused.join(', ')}.`;
      throw new HttpError(400, 'validation_error', message, [{ path: 'appIds', message }]);
    }
    return unique;
  };
  return {
    list: s.route(contract.tokens.list, async ({ request }) => ({ status: 200, body: await listTokens(app.db, requireDeveloper(request).publisherId) })),
    create: s.route(contract.tokens.create, async ({ request, body }) => {
      const developer = requireDeveloper(request);
      const appIds = await chosenApps(request, developer.publisherId, body.appIds);
      return { status: 201, body: await createToken(app.db, { publisherId: developer.publisherId, by: actor(developer), input: body, appIds }) };
    }),
    revoke: s.route(contract.tokens.revoke, async ({ request }) => {
      const token = resourceOf(request, 'apiToken');
      const revoked = await revokeToken(app.db, token, actor(requireDeveloper(request)));
      // Refused from the next request on, here at once (the other processes hear the database).
      app.forgetCredential(`session:${token.secretHash}`);
      return { status: 200, body: revoked };
    }),
  };
};
