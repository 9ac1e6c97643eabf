import { zipSync } from 'fflate';

/**
 * The compiled package of a source package, as the Apps-Engine loads it: the bundled main file (the app's
 * JavaScript and the modules it shipped, in one file) in place of the TypeScript and `node_modules`, every
 * other file (app.json, icon, i18n) kept, and a `.packagedby` marker naming the packager and the
 * TypeScript used (which is how uploads tell compiled packages from sources).
 */
export function compiledPackage(
  source: Map<string, Buffer>,
  emitted: Map<string, Buffer>,
  packager: { name: string; version: string; typescript: string; uiKit: string },
) {
  const entries: Record<string, Uint8Array> = {};
  for (const [name, data] of source) if (!name.startsWith('node_modules/') && !/\.ts$/.test(name)) entries[name] = data;
  for (const [name, data] of emitted) if (name.endsWith('.js')) entries[name] = data;
  entries['.packagedby'] = Buffer.from(JSON.stringify(packager, null, 2));
  return Buffer.from(zipSync(entries, { level: 6 }));
}
