import type { FastifyInstance } from 'fastify';
import { initServer } from '@ts-rest/fastify';
import { contract } from '../../contract';
import { requireDeveloper } from '../plugins/access';
import { pageOfApps } from '../read/apps';

const s = initServer();

export const appsRoutes = (app: FastifyInstance) => ({
  list: s.route(contract.apps.list, async ({ request, query }) => {
    const developer = requireDeveloper(request);
    return { status: 200, body: await pageOfApps(app.db, { publisherId: developer.publisherId, isBundle: false }, query) };
  }),
});
