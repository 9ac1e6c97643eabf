import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type TS from 'typescript';
import { declaredMinimum } from './declared';

const require = createRequire(import.meta.url);

/** The TypeScript releases the portal compiles with, by major: 5.9 (the default) and 4.9 (an npm alias). */
const releases = { 4: 'typescript4', 5: 'typescript' } as const;
export type TypeScriptMajor = keyof typeof releases;
export const DEFAULT_MAJOR: TypeScriptMajor = 5;

/**
 * The major of the TypeScript an app was written for: its package.json's `typescript` dependency (dev or
 * not) when that names a major the portal has, else the default. Apps written for 4.x get 4.9, since
 * 5.x reports errors 4.x did not ("Right operand of ?? is unreachable").
 */
export function typeScriptMajorFor(packageJson: Buffer | undefined): TypeScriptMajor {
  const major = declaredMinimum(packageJson, 'typescript')?.major;
  return major === 4 || major === 5 ? major : DEFAULT_MAJOR;
}

/** Loads the TypeScript compiler of that major (in the compile sandbox only: it is large). */
export function loadTypeScript(major: TypeScriptMajor): typeof TS {
  return require(releases[major]) as typeof TS;
}

/** The folder of that major's standard library (lib.*.d.ts). */
export const libDirOf = (major: TypeScriptMajor) => dirname(require.resolve(`${releases[major]}/lib/lib.d.ts`));

/** The version each major resolves to, without loading the compiler. */
export function typeScriptVersion(major: TypeScriptMajor): string {
  return (require(`${releases[major]}/package.json`) as { version: string }).version;
}
