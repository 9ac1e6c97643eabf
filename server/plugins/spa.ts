import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA (dist/) with index.html for client-side routes; API paths answer 404 envelopes.
 * Hashed assets are cached for a year (immutable); index.html is revalidated on every load.
 */
export default async function spa(app: FastifyInstance, opts: { root: string }) {
  const index = join(opts.root, 'index.html');
  const built = app.config.serveSpa && existsSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset: the smallest the browser accepts is sent.
      preCompressed: true,
      setHeaders: (res, path) => {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const api = request.url.startsWith('/v1/') || request.url === '/v1' || request.url.startsWith('/dev-auth');
    if (!api && built && request.method === 'GET') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    }
    return app.sendError(request, reply, 404, 'not_found', `No route for ${request.method} ${request.url.split('?')[0]}.`);
  });
}
