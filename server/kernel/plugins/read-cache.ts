import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ReadCache } from '../read-cache';
import { isWrite } from '../http';

/**
 * `app.reads`: answers of hot reads kept for READ_CACHE_SECONDS, forgotten on the database's
 * `portal_reads` notifications (any process's writes, the compile worker's included) and, at once, on
 * any write this process accepts (read your writes without waiting for the notification).
 */
export default fp(
  async function readCache(app: FastifyInstance) {
    const reads = new ReadCache({ ttlMs: Math.max(1, app.config.readCacheSeconds) * 1000 });
    if (app.config.readCacheSeconds > 0) {
      const stop = await app.dbListen(
        'portal_reads',
        (scope) => reads.invalidate(scope),
        (on) => reads.setListening(on),
      );
      app.addHook('onClose', async () => stop());
      app.addHook('onSend', async (request, reply, payload) => {
        if (isWrite(request.method, reply.statusCode)) reads.invalidate('all');
        return payload;
      });
    }
    app.decorate('reads', reads);
  },
  { name: 'read-cache', dependencies: ['db', 'config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    reads: ReadCache;
  }
}
