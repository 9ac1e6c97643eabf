import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import type { Diagnostic } from '../../db/schema';
import type { PackageKind } from '../packages/manifest';

const require = createRequire(import.meta.url);
const engineDir = dirname(require.resolve('@rocket.chat/apps-engine/package.json'));
export const ENGINE_VERSION: string = require('@rocket.chat/apps-engine/package.json').version;
export const TYPESCRIPT_VERSION = ts.version;

const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
const isNpmModule = (name: string) => !name.startsWith('.') && !name.startsWith('/') && !name.startsWith('@rocket.chat/apps-engine') && !builtins.has(name);

export type CompileResult = {
  ok: boolean;
  diagnostics: Diagnostic[];
  durationMs: number;
  typeScriptVersion: string;
  engineVersion: string;
  /** For a source package that compiled: the emitted JavaScript, by path inside the package. */
  emitted: Map<string, Buffer>;
};

const OUT = '.portal-out';

async function readTree(root: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.set(relative(root, path).split('\\').join('/'), await readFile(path));
  }
  return out;
}

/**
 * Type-checks an Apps-Engine package with the TypeScript compiler API against the installed
 * @rocket.chat/apps-engine definitions (skipLibCheck: its own .d.ts import @rocket.chat/ui-kit).
 * NPM imports are refused for publishers without canUseNPMModules.
 */
export async function compilePackage(files: Map<string, Buffer>, opts: { kind: PackageKind; allowNpm: boolean }): Promise<CompileResult> {
  const started = performance.now();
  const dir = await mkdtemp(join(tmpdir(), 'portal-compile-'));
  try {
    const roots: string[] = [];
    for (const [name, data] of files) {
      const wanted = opts.kind === 'source' ? /\.(ts|json)$/.test(name) : /\.(js|json)$/.test(name);
      if (!wanted) continue;
      const path = join(dir, name);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
      if (/\.(ts|js)$/.test(name) && !name.endsWith('.d.ts')) roots.push(path);
    }
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2017,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      noEmit: opts.kind !== 'source',
      outDir: join(dir, OUT),
      rootDir: dir,
      skipLibCheck: true,
      allowJs: opts.kind === 'compiled',
      checkJs: false,
      resolveJsonModule: true,
      esModuleInterop: true,
      lib: ['lib.es2017.d.ts'],
      types: [],
      baseUrl: dir,
      paths: { '@rocket.chat/apps-engine/*': [`${engineDir}/*`] },
    };
    const program = ts.createProgram(roots, options);
    const diagnostics: Diagnostic[] = [];
    const npmRefused = new Set<string>();
    for (const sf of program.getSourceFiles()) {
      if (!sf.fileName.startsWith(dir)) continue;
      for (const imp of ts.preProcessFile(sf.text, true, true).importedFiles) {
        if (!isNpmModule(imp.fileName)) continue;
        if (opts.allowNpm) continue;
        npmRefused.add(imp.fileName);
        const { line, character } = sf.getLineAndCharacterOfPosition(imp.pos);
        diagnostics.push({
          file: relative(dir, sf.fileName),
          line: line + 1,
          character: character + 1,
          message: `NPM modules are not enabled for this publisher: ${imp.fileName}`,
        });
      }
    }
    for (const d of ts.getPreEmitDiagnostics(program)) {
      const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
      // An NPM import is reported once, as refused (or, when allowed, it is the package's to bundle).
      if (d.code === 2307 && [...npmRefused].some((m) => message.includes(`'${m}'`))) continue;
      if (d.code === 2307 && opts.allowNpm && /Cannot find module '([^.'/][^']*)'/.test(message)) continue;
      if (d.file && d.start !== undefined) {
        const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
        diagnostics.push({ file: relative(dir, d.file.fileName), line: line + 1, character: character + 1, message });
      } else {
        diagnostics.push({ line: 0, character: 0, message });
      }
    }
    const errors = diagnostics.filter((d) => !d.message.startsWith('warning'));
    const ok = errors.length === 0;
    let emitted = new Map<string, Buffer>();
    if (ok && opts.kind === 'source') {
      program.emit();
      emitted = await readTree(join(dir, OUT));
    }
    return {
      ok,
      emitted,
      diagnostics,
      durationMs: Math.round(performance.now() - started),
      typeScriptVersion: TYPESCRIPT_VERSION,
      engineVersion: ENGINE_VERSION,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
