import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The Apps-Engine the portal compiles against: the installed package (what GET /v1/engine/version answers). */
export const ENGINE_VERSION: string = (require('@rocket.chat/apps-engine/package.json') as { version: string }).version;
