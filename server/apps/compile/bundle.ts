import { readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { posix } from 'node:path';
import { build, type Loader } from 'esbuild';
import { uiKitPackage, type UiKitRelease } from './type-roots';

const require = createRequire(import.meta.url);
/** What the engine provides at run time: Apps-Engine's Deno runtime lets an app require only these of Rocket.Chat's. */
const ENGINE_MODULE = /^@rocket\.chat\/(apps-engine|apps-ts-definition)(\/|$)/;
const UI_KIT = /^@rocket\.chat\/ui-kit(\/.*)?$/;
const KIT = 'ui-kit';

const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
export const isBuiltin = (name: string) => builtins.has(name) || builtins.has(name.split('/')[0]!);

const loaders: Record<string, Loader> = { '.js': 'js', '.cjs': 'js', '.mjs': 'js', '.json': 'json' };
const candidates = (p: string) => [p, `${p}.js`, `${p}.json`, `${p}/index.js`, `${p}/index.json`];

/** Splits `@scope/name/sub/path` into the package name and the path inside it. */
function splitSpecifier(spec: string): [string, string] {
  const parts = spec.split('/');
  const n = spec.startsWith('@') ? 2 : 1;
  return [parts.slice(0, n).join('/'), parts.slice(n).join('/')];
}

/**
 * Bundles the app's main file with everything it requires into one file, as Rocket.Chat's packager does
 * with esbuild: the app's emitted JavaScript and the modules it ships in `node_modules/` come from memory
 * (nothing of the server is read, so no server file can end up in a package); the engine and Node's built-in
 * modules stay external, provided by the platform. The UI Kit is bundled too, as Rocket.Chat.Apps-compiler's
 * bundler does (src/bundler/, `external: ['@rocket.chat/apps-engine/*']`): Apps-Engine's Deno runtime refuses
 * to `require` it (deno-runtime/handlers/app/construct.ts). A package that ships it gives its own copy; otherwise
 * the published npm release the app was written for (`uiKit`), as a developer's machine would have installed.
 */
export async function bundleApp(entry: string, files: Map<string, Buffer>, uiKit: UiKitRelease): Promise<string> {
  const has = (p: string) => files.has(p);
  const mainOf = (dir: string): string | null => {
    const pkg = files.get(`${dir}/package.json`);
    let main = 'index.js';
    if (pkg) {
      try {
        const m = (JSON.parse(pkg.toString('utf8')) as { main?: unknown }).main;
        if (typeof m === 'string' && m) main = m;
      } catch {
        /* a broken package.json: try index.js */
      }
    }
    return candidates(posix.normalize(`${dir}/${main}`)).find(has) ?? null;
  };
  const fromNodeModules = (spec: string, importerDir: string): string | null => {
    const [name, sub] = splitSpecifier(spec);
    for (let dir = importerDir; ; dir = posix.dirname(dir)) {
      const base = posix.join(dir, 'node_modules', name);
      const found = sub ? candidates(`${base}/${sub}`).find(has) : mainOf(base);
      if (found) return found;
      if (dir === '.' || dir === '/' || dir === '') return null;
    }
  };
  // The installed UI Kit's files, by the name a bundle shows them under (inside node_modules, never the server's path).
  const installed = new Map<string, string>();
  const kitModule = (file: string) => {
    const shown = file.slice(file.lastIndexOf('node_modules/') + 'node_modules/'.length).replace(/^ui-kit031\//, '@rocket.chat/ui-kit/');
    installed.set(shown, file);
    return { namespace: KIT, path: shown };
  };
  const result = await build({
    write: false,
    bundle: true,
    minify: false,
    platform: 'node',
    format: 'cjs',
    target: ['node20'],
    logLevel: 'silent',
    entryPoints: [entry],
    plugins: [
      {
        name: 'package-in-memory',
        setup(b) {
          b.onResolve({ filter: /.*/ }, (args) => {
            if (ENGINE_MODULE.test(args.path) || isBuiltin(args.path)) return { external: true, path: args.path };
            // Inside the installed UI Kit: resolved as Node would from the file that requires it.
            if (args.namespace === KIT) return kitModule(createRequire(installed.get(args.importer)!).resolve(args.path));
            if (args.kind === 'entry-point') return { namespace: 'pkg', path: args.path };
            const importerDir = posix.dirname(args.importer);
            let found: string | null = null;
            if (args.path.startsWith('./') || args.path.startsWith('../')) {
              const target = posix.normalize(posix.join(importerDir, args.path));
              if (!target.startsWith('../')) found = candidates(target).find(has) ?? null;
            } else if (!args.path.startsWith('/')) {
              found = fromNodeModules(args.path, importerDir);
            }
            const kit = UI_KIT.exec(args.path);
            if (!found && kit) return kitModule(require.resolve(`${uiKitPackage(uiKit)}${kit[1] ?? ''}`));
            if (!found) return { errors: [{ text: `Cannot find module '${args.path}' in the package.` }] };
            return { namespace: 'pkg', path: found };
          });
          b.onLoad({ filter: /.*/, namespace: KIT }, (args) => ({ contents: readFileSync(installed.get(args.path)!), loader: 'js' }));
          b.onLoad({ filter: /.*/, namespace: 'pkg' }, (args) => ({
            contents: files.get(args.path)!,
            loader: loaders[posix.extname(args.path)] ?? 'js',
            resolveDir: posix.dirname(args.path),
          }));
        },
      },
    ],
  });
  return result.outputFiles[0]!.text;
}
