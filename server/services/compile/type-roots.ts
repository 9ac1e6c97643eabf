import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);
const packageDir = (name: string, from = require) => dirname(from.resolve(`${name}/package.json`));

/** The Apps-Engine the portal compiles against: the installed package (what GET /v1/engine/version answers). */
export const ENGINE_VERSION: string = (require('@rocket.chat/apps-engine/package.json') as { version: string }).version;

/** Inside the sandbox, the package lives at this virtual folder; no real path is ever shown to it. */
export const APP_ROOT = '/app';
/** The TypeScript standard library, at this virtual folder. */
export const LIB_ROOT = '/typescript/lib';

export type Mount = { virtual: string; real: string };

/**
 * What an app may import besides its own files, mounted read-only over its `node_modules`: the engine's
 * definitions, the UI Kit (many apps import it directly), Node's types (and the undici types they
 * reference). A package that ships its own copy of one of these gets the portal's.
 */
export function typeRoots(): Mount[] {
  const nodeTypes = packageDir('@types/node');
  const fromNodeTypes = createRequire(`${nodeTypes}/package.json`);
  const engine = packageDir('@rocket.chat/apps-engine');
  return [
    { virtual: `${APP_ROOT}/node_modules/@rocket.chat/apps-engine`, real: engine },
    // Older apps import the definitions by their former package name (Rocket.Chat's compiler maps it too).
    { virtual: `${APP_ROOT}/node_modules/@rocket.chat/apps-ts-definition`, real: `${engine}/definition` },
    { virtual: `${APP_ROOT}/node_modules/@rocket.chat/ui-kit`, real: packageDir('@rocket.chat/ui-kit') },
    { virtual: `${APP_ROOT}/node_modules/@types/node`, real: nodeTypes },
    { virtual: `${APP_ROOT}/node_modules/undici-types`, real: packageDir('undici-types', fromNodeTypes) },
  ];
}

/** Module names the platform provides at run time: never bundled, always allowed. */
export const PLATFORM_MODULE = /^@rocket\.chat\/(apps-engine|apps-ts-definition|ui-kit)(\/|$)/;
