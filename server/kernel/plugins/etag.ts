import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Conditional reads of the API: every 200 answer to a GET under /v1 carries a weak ETag of its body and
 * `Cache-Control: private, no-cache`, so the browser revalidates what it polls (If-None-Match) and gets
 * 304 without a body when nothing changed. (@fastify/etag would also tag errors and writes.)
 */
export default fp(
  async function etag(app: FastifyInstance) {
    app.addHook('onSend', async (request, reply, payload) => {
      if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200 || !request.url.startsWith('/v1/')) return payload;
      if (!(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
      // A route that tags its own answer (a strong ETag kept with a cached body: GET /v1/apps) keeps its tag.
      if (reply.hasHeader('etag')) return payload;
      const tag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
      reply.header('etag', tag);
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-cache');
      const match = request.headers['if-none-match'];
      if (match && match.split(',').some((t) => t.trim() === tag || t.trim() === tag.slice(2))) {
        reply.code(304);
        return '';
      }
      return payload;
    });
  },
  { name: 'etag' },
);
