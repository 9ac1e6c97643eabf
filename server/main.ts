import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirInUseError } from './db/data-lock';

/** A refusal to start that the operator can act on: said in one message, no stack trace. */
function refuse(e: unknown): never {
  console.error(e instanceof ConfigError || e instanceof DataDirInUseError ? e.message : e);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (e) {
  // A configuration production mode refuses: say what to set, and do not start.
  refuse(e);
}
let app: FastifyInstance;
try {
  app = await buildApp(config);
} catch (e) {
  // Another process has the embedded database's data folder open, among others.
  refuse(e);
}
await app.listen({ port: config.port, host: config.host });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void app.close().then(() => process.exit(0));
  });
}
