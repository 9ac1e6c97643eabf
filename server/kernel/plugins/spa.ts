import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { routePreloads } from './route-preloads';
import { screenRenderer } from './screen-render';
import { pickEncoding, spaDocuments } from './spa-document';

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
  // Nor what only an API answer needs: a hashed file is never revalidated (immutable) and never an error.
  'etag',
  'x-request-id',
];

/**
 * Serves the built SPA (dist/): for client-side routes the document made from index.html for the address
 * (./spa-document.ts: the publisher shell, the screen's chunks preloaded), revalidated on every load by its
 * ETag; API paths answer 404 envelopes. Hashed assets are cached for a year (immutable).
 */
export default async function spa(app: FastifyInstance, opts: { root: string }) {
  const index = join(opts.root, 'index.html');
  const built = app.config.serveSpa && existsSync(index);
  const manifest = join(opts.root, '.vite', 'manifest.json');
  const documentFor = built
    ? spaDocuments(readFileSync(index, 'utf8'), app.config, existsSync(manifest) ? routePreloads(JSON.parse(readFileSync(manifest, 'utf8'))) : undefined)
    : undefined;
  const render = built ? await screenRenderer(app, opts.root) : undefined;
  if (built) {
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      // index.html is a template: the documents above are sent instead (its placeholders never reach a browser).
      // Nor the build's manifest and the server's render (./screen-render.ts).
      allowedPath: (path) => path !== '/index.html' && !path.startsWith('/.vite/') && !path.startsWith('/.ssr/'),
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
  // Added to every answer after the file is chosen (server-timing.ts): not to a hashed file, for the reason above.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/assets/')) reply.removeHeader('server-timing');
    return payload;
  });
  app.setNotFoundHandler(async (request, reply) => {
    // The API, and the authorization server's paths (its own and the cloud's /api/oauth/…), are never the SPA.
    const api =
      request.url.startsWith('/v1/') ||
      request.url === '/v1' ||
      request.url.startsWith('/v2/') ||
      request.url.startsWith('/dev-auth') ||
      request.url.startsWith('/api/');
    if (!api && documentFor && request.method === 'GET') {
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const path = request.url.split('?')[0]!;
      // A publisher screen for a signed-in user comes rendered with their data (./screen-render.ts): that document
      // is theirs alone, never kept by a shared cache.
      const screen = render && (path === '/publisher' || path.startsWith('/publisher/')) ? await render(request) : null;
      const document = documentFor(path, screen ?? undefined);
      reply
        .header('cache-control', screen ? 'private, no-cache' : 'no-cache')
        .header('vary', 'accept-encoding, cookie')
        .header('etag', document.etag)
        .type('text/html; charset=utf-8');
      if (request.headers['if-none-match'] === document.etag) return reply.code(304).send();
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(document[encoding]);
    }
    return app.sendError(request, reply, 404, 'not_found', `No route for ${request.method} ${request.url.split('?')[0]}.`);
  });
}
