// Prepares Apps-Engine 1.53's Deno runtime to start apps with no network (docs/packages-and-review.md, Runtime
// evidence), run by npm's postinstall: the runtime's deno.jsonc resolves its imports from the npm registry, one
// JSR module (@std/cli) and one deno.land module (std/io/write_all), and maps @rocket.chat/apps-engine/ to the
// source folder the npm package does not ship. Here: an import map with the same npm versions, the two remote
// modules replaced by small local ones (only what the runtime calls), the engine mapped to the package's
// compiled .js (lib/require.ts strips `src/` from the resolved path), and `deno cache` filling a DENO_DIR from
// the npm registry. At run time deno runs with --cached-only: nothing is downloaded.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const engine = dirname(require.resolve('apps-engine-1-53/package.json'));
const out = join(engine, '..', '.cache', 'apps-runtime');
const arch = process.arch === 'x64' ? 'x64' : 'arm64';
let binary;
try {
  binary = join(dirname(require.resolve(`@deno/${process.platform}-${arch}-glibc/package.json`)), 'deno');
} catch {
  console.warn(`prepare-apps-runtime: no deno binary for ${process.platform}-${arch}; versions will not be started in Apps-Engine`);
  process.exit(0);
}

// deno.jsonc holds comments in neither version so far; strip line comments to be safe.
const original = JSON.parse(readFileSync(join(engine, 'deno-runtime', 'deno.jsonc'), 'utf8').replace(/^\s*\/\/.*$/gm, ''));
const imports = { ...original.imports };
delete imports['@std/cli'];
imports['@rocket.chat/apps-engine/'] = pathToFileURL(join(engine, 'src')).href + '/';
imports['@std/cli/parse-args'] = './vendor/parse-args.ts';
imports['https://deno.land/std@0.216.0/io/write_all.ts'] = './vendor/write-all.ts';
// The runtime answers an app's error as `new JsonRpcError(e.message, -32000, e)`, and msgpack keeps none of an
// Error's own properties: the app's stack would be lost on the way. The same module, with the error's name,
// message and stack copied into a plain object (nothing else of the runtime changes).
imports['jsonrpc-lite'] = './vendor/jsonrpc-lite.ts';

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'vendor'), { recursive: true });
writeFileSync(join(out, 'deno.json'), JSON.stringify({ imports, lock: false }, null, 2));
// What lib/parseArgs.ts reads: `--subprocess <appId> --spawnId <n>` and flags.
writeFileSync(
  join(out, 'vendor', 'parse-args.ts'),
  `export function parseArgs(args: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { _: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('--')) { (out._ as string[]).push(a); continue; }
    const [key, inline] = a.slice(2).split('=', 2);
    const next = args[i + 1];
    if (inline !== undefined) out[key] = inline;
    else if (next !== undefined && !next.startsWith('--')) { out[key] = /^\\d+$/.test(next) ? Number(next) : next; i++; }
    else out[key] = true;
  }
  return out;
}
`,
);
writeFileSync(
  join(out, 'vendor', 'write-all.ts'),
  `export async function writeAll(w: { write(p: Uint8Array): Promise<number> }, data: Uint8Array): Promise<void> {
  let written = 0;
  while (written < data.length) written += await w.write(data.subarray(written));
}
`,
);
writeFileSync(
  join(out, 'vendor', 'jsonrpc-lite.ts'),
  `import * as jsonrpc from '${original.imports['jsonrpc-lite']}';
export * from '${original.imports['jsonrpc-lite']}';
export class JsonRpcError extends jsonrpc.JsonRpcError {
  constructor(message: string, code: number, data?: unknown) {
    super(message, code, data instanceof Error ? { name: data.name, message: data.message, stack: data.stack } : data);
  }
}
`,
);
const denoDir = join(out, 'deno-dir');
execFileSync(binary, ['cache', '--quiet', `--config=${join(out, 'deno.json')}`, join(engine, 'deno-runtime', 'main.ts')], {
  // The installing environment as it is (its registry, proxy and certificates), only DENO_DIR set.
  env: { ...process.env, DENO_DIR: denoDir, NO_COLOR: '1' },
  stdio: 'inherit',
});
if (!existsSync(denoDir)) throw new Error('prepare-apps-runtime: deno cache wrote nothing');
console.log(`prepare-apps-runtime: Apps-Engine ${JSON.parse(readFileSync(join(engine, 'package.json'), 'utf8')).version} Deno runtime ready (${out})`);
