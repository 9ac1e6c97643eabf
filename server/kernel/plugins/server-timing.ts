import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * `Server-Timing: app;dur=<ms>` on every answer: the time from the request's arrival to its answer, as
 * browsers' developer tools and the lists bench (scripts/bench-lists.ts) read it.
 */
export default fp(
  async function serverTiming(app: FastifyInstance) {
    app.decorateRequest('startedAt', 0);
    app.addHook('onRequest', async (request) => {
      request.startedAt = performance.now();
    });
    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('server-timing', `app;dur=${(performance.now() - request.startedAt).toFixed(2)}`);
      return payload;
    });
  },
  { name: 'server-timing' },
);

declare module 'fastify' {
  interface FastifyRequest {
    startedAt: number;
  }
}
