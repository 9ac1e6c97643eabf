import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../errors';
import { listen } from '../metrics-events';
import { portalMetrics, type PoolStats } from '../metrics';

export const METRICS_PATH = '/metrics';
const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * `GET /metrics` in Prometheus' text format, behind `Authorization: Bearer <METRICS_TOKEN>` when the token
 * is set (without one it is open in development and not served in production), never rate limited; and
 * every answer counted by its route pattern (never the raw URL) and status. Registered before the sign-in
 * lookup (identity/plugins/auth.ts), see below.
 */
export default fp(
  async function metrics(app: FastifyInstance) {
    const metrics = portalMetrics({ db: () => app.db, onError: (err) => app.log.warn({ err }, 'metrics: the jobs table could not be read') });
    app.addHook('onResponse', async (request, reply) => {
      metrics.request({ method: request.method, route: request.routeOptions.url ?? '(unmatched)', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });
    let stopListening = () => {};
    app.addHook('onReady', async () => {
      stopListening = listen(app.db, metrics.record);
      const client = (app.db as unknown as { $client: PoolStats }).$client;
      if (app.dbKind === 'postgres') metrics.watchPool(client);
    });
    app.addHook('onClose', async () => stopListening());

    const token = app.config.metricsToken;
    const off = !token && app.config.production;
    if (off) app.log.info('METRICS_TOKEN is not set: /metrics is not served');
    const scrape = async (request: FastifyRequest, reply: FastifyReply) => {
      if (off) throw new HttpError(404, 'not_found', 'Metrics are not served: METRICS_TOKEN is not set.');
      const given = request.headers.authorization ?? '';
      if (token && !timingSafeEqual(digest(given), digest(`Bearer ${token}`))) {
        reply.header('www-authenticate', 'Bearer');
        throw new HttpError(401, 'unauthenticated', 'The metrics token is missing or wrong.');
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    };
    app.get(METRICS_PATH, scrape);
    // The scrape is answered as it arrives, before the sign-in lookup would take the metrics token for a
    // session's: a scrape asks the database for the job counts only, and still answers while it is down.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method === 'GET' && request.routeOptions.url === METRICS_PATH) return scrape(request, reply);
    });
  },
  { name: 'metrics', dependencies: ['config', 'errors'] },
);
