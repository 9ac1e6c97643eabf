import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';

let config: Config;
try {
  config = loadConfig();
} catch (e) {
  // A configuration production mode refuses: say what to set, and do not start.
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
}
const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void app.close().then(() => process.exit(0));
  });
}
