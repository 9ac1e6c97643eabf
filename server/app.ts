import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config';
import access from './plugins/access';
import auth from './plugins/auth';
import db from './plugins/db';
import downloads from './plugins/downloads';
import errors from './plugins/errors';
import identity from './plugins/identity';
import openapi from './plugins/openapi';
import spa from './plugins/spa';
import storage from './plugins/storage';
import uploads from './plugins/uploads';
import workers from './plugins/workers';
import { routes } from './routes';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Builds the whole server (tests build it too, then listen on port 0). */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: false,
  });
  await app.register(
    fp(async (i) => void i.decorate('config', config), { name: 'config' }),
  );
  await app.register(errors);
  await app.register(formbody, { bodyLimit: 16_384 });
  await app.register(storage);
  await app.register(db);
  await app.register(downloads);
  await app.register(auth);
  await app.register(access);
  await app.register(uploads);
  await app.register(identity);
  await app.register(routes);
  await app.register(workers);
  await app.register(openapi);
  await app.register(spa, { root: join(root, 'dist') });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}
