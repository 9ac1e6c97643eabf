import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config';
import type { Listen } from './db/client';
import access from './kernel/plugins/access';
import security from './kernel/plugins/security';
import { signInEndpoints } from './identity/rate-limits';
import health from './kernel/plugins/health';
import metrics from './kernel/plugins/metrics';
import serverTiming from './kernel/plugins/server-timing';
import auth from './identity/plugins/auth';
import db from './kernel/plugins/db';
import { seedIfEmpty } from './dev/seed/seed';
import downloads from './kernel/plugins/downloads';
import errors, { answerClientError } from './kernel/plugins/errors';
import etag from './kernel/plugins/etag';
import identity from './identity/plugins/identity';
import checkoutFraming from './commerce/plugins/checkout-framing';
import licenses from './commerce/plugins/licenses';
import payments from './commerce/plugins/payments';
import salesSimulator from './dev/plugins/sales-simulator';
import workspaceSimulator from './dev/plugins/workspace-simulator';
import readCache from './kernel/plugins/read-cache';
import openapi from './kernel/plugins/openapi';
import spa from './kernel/plugins/spa';
import storage from './kernel/plugins/storage';
import uploads from './kernel/plugins/uploads';
import workers from './apps/plugins/workers';
import type { CompileRunner } from './apps/compile/sandbox';
import type { RuntimeRunner } from './apps/runtime/sandbox';
import mail from './mail/plugins/mail';
import webhooksWorker from './webhooks/plugins/webhooks';
import { routes } from './routes';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Query parameters that carry credentials: never written to the log. */
const SECRET_PARAMS = /([?&](?:secret|token|code|state|access_token)=)[^&#]*/gi;
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1[redacted]');

/** Builds the whole server (tests build it too, then listen on port 0; `logStream` captures its log). */
export async function buildApp(
  config: Config,
  opts: {
    logStream?: { write: (line: string) => void };
    compile?: CompileRunner;
    /** What starts compiled versions in Apps-Engine (tests whose subject is not the runtime pass one that does not). */
    runtime?: RuntimeRunner;
    /** Wraps the database's notification channel (tests hold notifications back to see a process act before they arrive). */
    notifications?: (listen: Listen) => Listen;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]'], censor: '[redacted]' },
            serializers: {
              req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
                method: req.method,
                url: redactUrl(req.url),
                host: req.hostname,
                remoteAddress: req.ip,
              }),
            },
          },
    bodyLimit: config.bodyLimitBytes,
    // Opening the embedded database takes seconds on a cold machine (PGlite's WebAssembly, the migrations,
    // the job queue's schema and queues, the demo data): Fastify's default of 10 s per plugin is too short.
    pluginTimeout: 60_000,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Whose X-Forwarded-For to believe (TRUST_PROXY): request.ip, which the rate limits count by, follows it.
    trustProxy: config.trustProxy,
    // What Node's HTTP parser and Fastify's router refuse before any route runs answer the envelope too.
    clientErrorHandler: answerClientError,
    frameworkErrors: (err, request, reply) => {
      const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      const message = status === 414 ? 'A path segment of this URL is too long.' : 'The URL is not valid.';
      void (reply as FastifyReply).code(status).send({ error: message, code: err.code, requestId: String(request.id) });
    },
  });
  await app.register(fp(async (i) => void i.decorate('config', config), { name: 'config' }));
  await app.register(serverTiming);
  await app.register(errors);
  await app.register(security, { signIn: signInEndpoints(config) });
  // Before the sign-in lookup (auth): the probes and the scrape hold no session and answer while the database is down.
  await app.register(metrics);
  await app.register(health);
  // Before compression: the tag is of the body itself, whichever encoding is sent.
  await app.register(etag);
  // JSON (and other compressible) answers above 1 KiB in brotli or gzip, as the client accepts; brotli at a
  // quality meant for answers made per request, not for build-time assets.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(formbody, { bodyLimit: 16_384 });
  await app.register(storage);
  // The demo's published versions get their compiled packages in the file store (server/dev/seed/seed.ts).
  await app.register(db, { seed: (d) => seedIfEmpty(d, app.storage), notifications: opts.notifications });
  await app.register(downloads);
  await app.register(identity);
  await app.register(auth);
  await app.register(readCache);
  await app.register(access);
  await app.register(uploads);
  await app.register(checkoutFraming);
  await app.register(licenses);
  await app.register(payments);
  await app.register(webhooksWorker);
  await app.register(routes);
  await app.register(workers, { compile: opts.compile, runtime: opts.runtime });
  await app.register(mail);
  await app.register(salesSimulator);
  await app.register(workspaceSimulator);
  await app.register(openapi);
  await app.register(spa, { root: join(root, 'dist') });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}
