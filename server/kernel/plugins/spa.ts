import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'last-modified',
];

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
      // (@fastify/static hands the reply here; helmet's headers are already on the raw response.)
      setHeaders: (res: unknown, path) => {
        if (!path.includes('/assets/')) return;
        const reply = res as FastifyReply;
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        // A hashed script or stylesheet is never a document: the headers that only documents obey (about
        // 600 bytes) would be sent with each of the first screen's files for nothing, and an immutable file
        // needs no Last-Modified. nosniff and the cross-origin resource policy stay.
        for (const name of DOCUMENT_ONLY_HEADERS) {
          reply.removeHeader(name);
          reply.raw.removeHeader(name);
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // The API, and the authorization server's paths (its own and the cloud's /api/oauth/…), are never the SPA.
    const api =
      request.url.startsWith('/v1/') ||
      request.url === '/v1' ||
      request.url.startsWith('/v2/') ||
      request.url.startsWith('/dev-auth') ||
      request.url.startsWith('/api/');
    if (!api && built && request.method === 'GET') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    }
    return app.sendError(request, reply, 404, 'not_found', `No route for ${request.method} ${request.url.split('?')[0]}.`);
  });
}
