import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import semver from 'semver';
import { declaredMinimum } from './declared';

const require = createRequire(import.meta.url);
const packageDir = (name: string, from = require) => dirname(from.resolve(`${name}/package.json`));

/** Inside the sandbox, the package lives at this virtual folder; no real path is ever shown to it. */
export const APP_ROOT = '/app';
/** The TypeScript standard library, at this virtual folder. */
export const LIB_ROOT = '/typescript/lib';

export type Mount = { virtual: string; real: string };

/**
 * The Apps-Engine releases the portal compiles against: the current one (what every package is compiled and
 * bundled with) and two older ones (npm aliases), for the check that an app compiles on the oldest engine
 * its `requiredApiVersion` admits.
 */
const engines = { '1.42': 'apps-engine-1-42', '1.53': 'apps-engine-1-53', current: '@rocket.chat/apps-engine' } as const;
export type EngineRelease = keyof typeof engines;

/** The version an engine release resolves to. */
export const engineVersion = (release: EngineRelease): string => (require(`${engines[release]}/package.json`) as { version: string }).version;

/**
 * The oldest installed engine older than the current one that satisfies an app's `requiredApiVersion`
 * (a semver range), null when only the current one does (or the range is not one semver reads).
 */
export function lowestEngineFor(requiredApiVersion: string): Exclude<EngineRelease, 'current'> | null {
  if (!semver.validRange(requiredApiVersion)) return null;
  const older = (Object.keys(engines) as EngineRelease[])
    .filter((r): r is Exclude<EngineRelease, 'current'> => r !== 'current')
    .sort((a, b) => semver.compare(engineVersion(a), engineVersion(b)));
  return older.find((r) => semver.satisfies(engineVersion(r), requiredApiVersion)) ?? null;
}

/**
 * The UI Kit releases the portal compiles against: 1.0 (the default, what the engine depends on) and the newest
 * 0.31 (an npm alias), whose enums (`ButtonStyle`, `BlockType`, …) 1.0 removed.
 */
const uiKits = { '0.31': 'ui-kit031', '1.0': '@rocket.chat/ui-kit' } as const;
export type UiKitRelease = keyof typeof uiKits;

/**
 * The UI Kit an app was written for, chosen as TypeScript's major is: the `@rocket.chat/ui-kit` its package.json
 * declares — 0.x gets 0.31, anything else (or nothing declared) 1.0.
 */
export function uiKitFor(packageJson: Buffer | undefined): UiKitRelease {
  return declaredMinimum(packageJson, '@rocket.chat/ui-kit')?.major === 0 ? '0.31' : '1.0';
}

/** The version a UI Kit release resolves to. */
/** The installed npm package of a UI Kit release (its name in node_modules). */
export const uiKitPackage = (release: UiKitRelease): string => uiKits[release];
export const uiKitVersion = (release: UiKitRelease): string => (require(`${uiKits[release]}/package.json`) as { version: string }).version;

/**
 * What an app may import besides its own files, mounted read-only over its `node_modules`: the engine's
 * definitions (the current engine's, or an older release's), the UI Kit the app was written for (many apps
 * import it directly; the engine's definitions then see the same one), Node's types (and the undici types they
 * reference). A package that ships its own copy of one of these gets the portal's.
 */
export function typeRoots(uiKit: UiKitRelease = '1.0', engineRelease: EngineRelease = 'current'): Mount[] {
  const nodeTypes = packageDir('@types/node');
  const fromNodeTypes = createRequire(`${nodeTypes}/package.json`);
  const engine = packageDir(engines[engineRelease]);
  return [
    { virtual: `${APP_ROOT}/node_modules/@rocket.chat/apps-engine`, real: engine },
    // Older apps import the definitions by their former package name (Rocket.Chat's compiler maps it too).
    { virtual: `${APP_ROOT}/node_modules/@rocket.chat/apps-ts-definition`, real: `${engine}/definition` },
    { virtual: `${APP_ROOT}/node_modules/@rocket.chat/ui-kit`, real: packageDir(uiKits[uiKit]) },
    { virtual: `${APP_ROOT}/node_modules/@types/node`, real: nodeTypes },
    { virtual: `${APP_ROOT}/node_modules/undici-types`, real: packageDir('undici-types', fromNodeTypes) },
  ];
}

/** Module names the platform provides at run time: never bundled, always allowed. */
export const PLATFORM_MODULE = /^@rocket\.chat\/(apps-engine|apps-ts-definition|ui-kit)(\/|$)/;
