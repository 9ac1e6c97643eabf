import { posix } from 'node:path';
import type TS from 'typescript';
import type { Diagnostic } from '../../db/schema';
import type { PackageKind } from '../packages/manifest';
import { runChecks, type LastApproved } from '../review/checks';
import type { StoredFinding as Finding } from '../../../contract/schemas/review';
import { bundleApp, isBuiltin } from './bundle';
import { ENGINE_VERSION } from '../../kernel/engine-version';
import { APP_ROOT, LIB_ROOT, PLATFORM_MODULE, typeRoots, uiKitFor, type EngineRelease } from './type-roots';
import { libDirOf, loadTypeScript, typeScriptMajorFor, type TypeScriptMajor } from './typescript';
import { VirtualFiles, packagePath, withoutRoot } from './virtual-host';

export type CompileInput = {
  files: Map<string, Buffer>;
  kind: PackageKind;
  allowNpm: boolean;
  classFile: string;
  /** The version being compiled (app.json's `version`, as the portal recorded it). */
  version: string;
  /** The last version of the app staff approved (its app.json `permissions`), null when there is none: what the checks compare with. */
  lastApproved: LastApproved;
  /** SPDX ids a bundled module may not be licensed under (the bundled-licences check). */
  disallowedLicences: string[];
};

export type CompileResult = {
  ok: boolean;
  diagnostics: Diagnostic[];
  durationMs: number;
  typeScriptVersion: string;
  engineVersion: string;
  /** For a source package that compiled: the bundled main file, by path inside the package. */
  emitted: Map<string, Buffer>;
  /** The publish checks' findings (server/apps/review/checks), whether the package compiled or not. */
  findings: Finding[];
};

/** At most this many diagnostics are kept (a summary line stands for the rest). */
export const MAX_DIAGNOSTICS = 200;

/** Rocket.Chat's apps compiler options (Rocket.Chat.Apps-compiler, TypescriptCompiler.ts), exactly. */
export function compilerOptions(ts: typeof TS): TS.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2017,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.NodeJs,
    declaration: false,
    noImplicitAny: false,
    removeComments: true,
    strictNullChecks: true,
    noImplicitReturns: true,
    emitDecoratorMetadata: true,
    experimentalDecorators: true,
    types: ['node'],
    skipLibCheck: true,
  };
}

const isAppSource = (name: string, kind: PackageKind) => !name.startsWith('node_modules/') && (kind === 'source' ? /\.ts$/.test(name) : /\.js$/.test(name));

/** Imports that need the publisher's canUseNPMModules: neither relative, the platform's, nor Node's. */
const needsNpm = (spec: string) => !spec.startsWith('.') && !spec.startsWith('/') && !PLATFORM_MODULE.test(spec) && !isBuiltin(spec);

const NPM_REFUSED = 'NPM modules are not enabled for this publisher: ';

/**
 * Type-checks an Apps-Engine package as Rocket.Chat's own compiler would (same options, same resolvable
 * modules, the TypeScript major the app was written for) over a virtual file system that holds only the
 * package and the allowed type roots; a source package that compiles is emitted and bundled. Then the publish
 * checks run over the package (server/apps/review/checks), whatever the verdict; a source package that
 * compiled is also type-checked, without emitting, against the oldest engine its requiredApiVersion admits.
 * Runs inside the compile sandbox (sandbox.ts), never on the API's event loop.
 */
export async function compilePackage(input: CompileInput): Promise<CompileResult> {
  const started = performance.now();
  const major: TypeScriptMajor = typeScriptMajorFor(input.files.get('package.json'));
  const ts = loadTypeScript(major);
  // The app's own files, parsed (and bound) once for both programs; the type roots' are in `library`.
  const parsed: ParsedFiles = new Map();
  const { diagnostics, emitted } = await compileAndBundle(ts, major, input, parsed);
  // The checks run whatever the verdict; against the oldest engine the app declares only once it compiled here.
  const typeCheckOn =
    diagnostics.length === 0 && input.kind === 'source' ? (release: EngineRelease) => typeCheck(ts, major, input, release, parsed) : undefined;
  const findings = await runChecks(input, { typeCheckOn });
  const kept =
    diagnostics.length > MAX_DIAGNOSTICS
      ? [...diagnostics.slice(0, MAX_DIAGNOSTICS), { line: 0, character: 0, message: `… and ${diagnostics.length - MAX_DIAGNOSTICS} more.` }]
      : diagnostics;
  return {
    ok: diagnostics.length === 0,
    emitted,
    diagnostics: kept,
    durationMs: Math.round(performance.now() - started),
    typeScriptVersion: ts.version,
    engineVersion: ENGINE_VERSION,
    findings,
  };
}

/** Source files of the package, shared by the programs of one compile (never by two compiles), by language version and path. */
type ParsedFiles = Map<string, TS.SourceFile>;

/**
 * Parsed (and bound) files of the type roots — the standard library, Node's types, the UI Kit, the engines'
 * definitions — shared by every compile of this process (a sandbox process serves many). Keyed by the
 * TypeScript version (both majors read the same @types/node, not into the same syntax trees), the language
 * version, the virtual path (a program renames a file to the path it asked for, and the engine's definitions
 * are mounted at two) and the real path (two UI Kits, three engines, are mounted at one virtual path). Only
 * what VirtualFiles reads from a mount: a package's own file, wherever it sits, is never in it.
 */
const library = new Map<string, TS.SourceFile>();
/** The type roots are a finite set of files (about 1 800 for the fixtures' mix of majors, engines and UI Kits); the bound only guards against a surprise. */
const MAX_LIBRARY_FILES = 10_000;

/** How many type-root files this process holds parsed, and their real paths (for tests). */
export const libraryFiles = (): string[] => [...library.keys()].map((k) => k.slice(k.lastIndexOf('\0') + 1));

/** A program over the package and the type roots of an engine release (the current one unless told). */
function createProgram(
  ts: typeof TS,
  major: TypeScriptMajor,
  input: CompileInput,
  engine: EngineRelease,
  parsed: ParsedFiles,
  onEmit: (path: string, text: string) => void = () => {},
) {
  const vfs = new VirtualFiles(input.files, [...typeRoots(uiKitFor(input.files.get('package.json')), engine), { virtual: LIB_ROOT, real: libDirOf(major) }]);
  const options: TS.CompilerOptions = input.kind === 'source' ? compilerOptions(ts) : { ...compilerOptions(ts), allowJs: true, checkJs: false, noEmit: true };
  const roots = [...input.files.keys()].filter((n) => isAppSource(n, input.kind)).map((n) => `${APP_ROOT}/${n}`);
  const host = vfs.compilerHost(ts, onEmit);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const real = vfs.realFile(fileName);
    const version = JSON.stringify(languageVersion);
    const [files, key] = real === null ? [parsed, `${version}\0${fileName}`] : [library, `${ts.version}\0${version}\0${fileName}\0${real}`];
    let file = files.get(key);
    if (!file) {
      file = read(fileName, languageVersion, ...rest);
      if (file && files === library && library.size >= MAX_LIBRARY_FILES) library.clear();
      if (file) files.set(key, file);
    }
    return file;
  };
  return { roots, program: ts.createProgram(roots, options, host) };
}

/** A program's errors, with file, line and character inside the package (none of them a server path). */
function errorsOf(ts: typeof TS, program: TS.Program, skip: (code: number, message: string) => boolean = () => false): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const d of ts.getPreEmitDiagnostics(program)) {
    if (d.category !== ts.DiagnosticCategory.Error) continue;
    const message = withoutRoot(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    if (skip(d.code, message)) continue;
    if (d.file && d.start !== undefined) {
      const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
      out.push({ file: packagePath(d.file.fileName), line: line + 1, character: character + 1, message });
    } else {
      out.push({ line: 0, character: 0, message });
    }
  }
  return out;
}

/** Type-checks a source package against an older engine release, emitting nothing (the lowest-engine check). */
function typeCheck(ts: typeof TS, major: TypeScriptMajor, input: CompileInput, engine: EngineRelease, parsed: ParsedFiles): Diagnostic[] {
  return errorsOf(ts, createProgram(ts, major, input, engine, parsed).program);
}

/** The compile against the current engine: its diagnostics and, for a source package that compiled, its bundle. */
async function compileAndBundle(
  ts: typeof TS,
  major: TypeScriptMajor,
  input: CompileInput,
  parsed: ParsedFiles,
): Promise<{ diagnostics: Diagnostic[]; emitted: Map<string, Buffer> }> {
  const emittedJs = new Map<string, Buffer>();
  const { roots, program } = createProgram(ts, major, input, 'current', parsed, (path, text) => {
    if (path.startsWith(`${APP_ROOT}/`)) emittedJs.set(packagePath(path), Buffer.from(text));
  });

  const diagnostics: Diagnostic[] = [];
  const refused = new Set<string>();
  if (!input.allowNpm) {
    for (const root of roots) {
      const sf = program.getSourceFile(root);
      if (!sf) continue;
      for (const imp of ts.preProcessFile(sf.text, true, true).importedFiles) {
        if (!needsNpm(imp.fileName)) continue;
        refused.add(imp.fileName);
        const { line, character } = sf.getLineAndCharacterOfPosition(imp.pos);
        diagnostics.push({ file: packagePath(root), line: line + 1, character: character + 1, message: `${NPM_REFUSED}${imp.fileName}` });
      }
    }
  }
  // A refused NPM import is reported once, as refused.
  diagnostics.push(...errorsOf(ts, program, (code, message) => code === 2307 && [...refused].some((m) => message.includes(`'${m}'`))));

  let emitted = new Map<string, Buffer>();
  if (diagnostics.length === 0 && input.kind === 'source') {
    program.emit();
    const main = input.classFile.replace(/\.ts$/, '.js');
    const pool = new Map([...input.files].filter(([n]) => n.startsWith('node_modules/') || n.endsWith('.json')));
    for (const [n, data] of emittedJs) pool.set(n, data);
    try {
      emitted = new Map([[main, Buffer.from(await bundleApp(posix.normalize(main), pool, uiKitFor(input.files.get('package.json'))))]]);
    } catch (e) {
      const errors = (e as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }).errors ?? [];
      for (const err of errors.length ? errors : [{ text: 'The package could not be bundled.' }]) {
        diagnostics.push({
          file: err.location?.file,
          line: err.location?.line ?? 0,
          character: (err.location?.column ?? -1) + 1,
          message: withoutRoot(err.text),
        });
      }
    }
  }
  return { diagnostics, emitted };
}
