import { zipSync } from 'fflate';
import ts from 'typescript';

/**
 * The compiled package of a source package, as the Apps-Engine loads it: the emitted JavaScript in
 * place of the TypeScript, every other file (app.json, icon, i18n) kept, and a `.packagedby` marker
 * naming the packager (which is how uploads tell compiled packages from sources).
 */
export function compiledPackage(source: Map<string, Buffer>, emitted: Map<string, Buffer>, packager: { name: string; version: string }) {
  const entries: Record<string, Uint8Array> = {};
  for (const [name, data] of source) if (!/\.ts$/.test(name) || name.endsWith('.d.ts')) entries[name] = data;
  for (const [name, data] of emitted) if (name.endsWith('.js')) entries[name] = data;
  entries['.packagedby'] = Buffer.from(JSON.stringify({ ...packager, typescript: ts.version }, null, 2));
  return Buffer.from(zipSync(entries, { level: 6 }));
}
