import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import semver from 'semver';
import type { RuntimeEngine } from '../../../contract/schemas/runtime';

const require = createRequire(import.meta.url);

/**
 * The Apps-Engine releases a version can be started in (docs/packages-and-review.md, Runtime evidence): 1.53 runs
 * apps in a Deno subprocess, as current Rocket.Chat does; 1.42, the last before Deno (1.43), runs them in Node's
 * `vm`, as Rocket.Chat 6 did. Every version is started in 1.53 (an app whose requiredApiVersion admits no Deno-era
 * engine, in 1.42 alone); one whose requiredApiVersion also admits an engine before Deno is started in 1.42 too.
 */
export const ENGINES = {
  deno: { version: '1.53.1', runtime: 'deno', module: 'apps-engine-1-53' },
  node: { version: '1.42.1', runtime: 'node', module: 'apps-engine-1-42' },
} as const;
export type EngineKey = keyof typeof ENGINES;

/** The first Apps-Engine release that ran apps in Deno. */
const FIRST_DENO = '1.43.0';

/** The engine a manifest's requiredApiVersion asks for: Deno's unless the range stops before it. */
export function engineFor(requiredApiVersion: unknown): EngineKey {
  const range = typeof requiredApiVersion === 'string' ? semver.validRange(requiredApiVersion) : null;
  if (!range) return 'deno';
  const highest = semver.maxSatisfying([ENGINES.node.version, ENGINES.deno.version, '1.99.0'], range);
  return highest && semver.lt(highest, FIRST_DENO) ? 'node' : 'deno';
}

/** The version an engine says it is to an app's requiredApiVersion check: its own, or the lowest the app asks for when that is newer. */
export function engineVersionFor(key: EngineKey, requiredApiVersion: string): string {
  const own = ENGINES[key].version;
  const range = semver.validRange(requiredApiVersion);
  const lowest = range ? semver.minVersion(range) : null;
  return lowest && semver.gt(lowest, own) ? lowest.version : own;
}

/** The engine before Deno an app also starts in: when the lowest engine its requiredApiVersion admits predates Deno. */
export function olderEngineFor(requiredApiVersion: unknown): EngineKey | null {
  if (engineFor(requiredApiVersion) === 'node') return null;
  const range = typeof requiredApiVersion === 'string' ? semver.validRange(requiredApiVersion) : null;
  const lowest = range ? semver.minVersion(range) : null;
  return lowest && semver.lt(lowest, FIRST_DENO) ? 'node' : null;
}

export const engineOf = (key: EngineKey): RuntimeEngine => ({ version: ENGINES[key].version, runtime: ENGINES[key].runtime });

/** Where an engine's package is installed. */
export const engineRoot = (key: EngineKey) => dirname(require.resolve(`${ENGINES[key].module}/package.json`));

/**
 * What the Deno runtime needs, prepared at install (scripts/prepare-apps-runtime.mjs): the deno binary from npm,
 * an import map that resolves the runtime's imports offline, and a DENO_DIR holding its npm modules.
 */
export type DenoSetup = { binary: string; config: string; denoDir: string; vendor: string };

export const APPS_RUNTIME_CACHE = join(dirname(require.resolve('apps-engine-1-53/package.json')), '..', '.cache', 'apps-runtime');

export function denoSetup(): DenoSetup | null {
  let binary: string;
  try {
    binary = join(dirname(require.resolve(`@deno/${process.platform}-${process.arch === 'x64' ? 'x64' : 'arm64'}-glibc/package.json`)), 'deno');
  } catch {
    return null;
  }
  const config = join(APPS_RUNTIME_CACHE, 'deno.json');
  const setup = { binary, config, denoDir: join(APPS_RUNTIME_CACHE, 'deno-dir'), vendor: join(APPS_RUNTIME_CACHE, 'vendor') };
  return existsSync(binary) && existsSync(config) && existsSync(setup.denoDir) ? setup : null;
}

let unshare: string | null | undefined;
/**
 * The `unshare` that starts a process in a network namespace of its own (`unshare -rn`), null where it cannot: there it has no network at
 * all, whatever its runtime permits. Not every platform allows it (containers often do not).
 */
export function networkIsolation(): string | null {
  if (unshare === undefined) {
    const path = ['/usr/bin/unshare', '/bin/unshare'].find((p) => existsSync(p));
    unshare = path && spawnSync(path, ['-rn', 'true'], { stdio: 'ignore', timeout: 5000 }).status === 0 ? path : null;
  }
  return unshare;
}
