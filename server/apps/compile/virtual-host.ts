import { readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { posix } from 'node:path';
import type TS from 'typescript';
import { APP_ROOT, LIB_ROOT, type Mount } from './type-roots';

/**
 * A compiler host that sees only the package (in memory, at APP_ROOT) and read-only mounts of the allowed
 * type roots and the standard library. Absolute paths, `..` out of the package and symbolic links out of a
 * mount resolve to nothing: the compiler cannot read any other file of the server.
 */
export class VirtualFiles {
  private readonly files = new Map<string, string>();
  private readonly dirs = new Set<string>(['/']);
  private readonly realCache = new Map<string, string | null>();
  private readonly mounts: { virtual: string; real: string; realRoot: string }[];

  constructor(packageFiles: Map<string, Buffer>, mounts: Mount[]) {
    this.mounts = mounts.map((m) => ({ ...m, realRoot: realpathSync(m.real) }));
    for (const [name, data] of packageFiles) this.add(`${APP_ROOT}/${name}`, data.toString('utf8'));
    for (const m of this.mounts) this.addDirs(m.virtual);
  }

  private addDirs(path: string) {
    for (let d = posix.dirname(path); !this.dirs.has(d); d = posix.dirname(d)) this.dirs.add(d);
    this.dirs.add(path);
  }

  private add(path: string, text: string) {
    this.files.set(path, text);
    this.addDirs(posix.dirname(path));
  }

  /** The real file behind a virtual path inside a mount, if it stays inside that mount. */
  private real(path: string): string | null {
    const cached = this.realCache.get(path);
    if (cached !== undefined) return cached;
    let found: string | null = null;
    const m = this.mounts.find((x) => path === x.virtual || path.startsWith(`${x.virtual}/`));
    if (m) {
      const candidate = m.realRoot + path.slice(m.virtual.length);
      try {
        const resolved = realpathSync(candidate);
        if (resolved === m.realRoot || resolved.startsWith(`${m.realRoot}/`)) found = resolved;
      } catch {
        found = null;
      }
    }
    this.realCache.set(path, found);
    return found;
  }

  private mounted(path: string): boolean {
    return this.mounts.some((m) => path === m.virtual || path.startsWith(`${m.virtual}/`));
  }

  normalize(path: string): string {
    return posix.resolve(APP_ROOT, path.split('\\').join('/'));
  }

  /** The real file behind a mounted path, when it is a file. */
  private mountedFile(p: string): string | null {
    const r = this.real(p);
    return r !== null && statSync(r).isFile() ? r : null;
  }

  /**
   * The real file a path reads, when a mount serves it; null for a file of the package — even one it ships at a
   * mounted path, which is never read (the mount's wins). Only what this answers may be shared across compiles.
   */
  realFile(path: string): string | null {
    const p = this.normalize(path);
    return this.mounted(p) ? this.mountedFile(p) : null;
  }

  fileExists = (path: string): boolean => {
    const p = this.normalize(path);
    return this.mounted(p) ? this.mountedFile(p) !== null : this.files.has(p);
  };

  readFile = (path: string): string | undefined => {
    const p = this.normalize(path);
    if (!this.mounted(p)) return this.files.get(p);
    const r = this.mountedFile(p);
    return r === null ? undefined : readFileSync(r, 'utf8');
  };

  directoryExists = (path: string): boolean => {
    const p = this.normalize(path);
    if (this.mounted(p)) {
      const r = this.real(p);
      return r !== null && statSync(r).isDirectory();
    }
    return this.dirs.has(p);
  };

  getDirectories = (path: string): string[] => {
    const p = this.normalize(path);
    if (this.mounted(p)) {
      const r = this.real(p);
      if (r === null || !statSync(r).isDirectory()) return [];
      return readdirSync(r, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name);
    }
    const prefix = p === '/' ? '/' : `${p}/`;
    return [...this.dirs].filter((d) => d.startsWith(prefix) && d !== p && !d.slice(prefix.length).includes('/')).map((d) => d.slice(prefix.length));
  };

  /** The compiler host for a program over these files; emitted files are handed to `onEmit`. */
  compilerHost(ts: typeof TS, onEmit: (path: string, text: string) => void): TS.CompilerHost {
    return {
      getSourceFile: (fileName, languageVersion) => {
        const text = this.readFile(fileName);
        return text === undefined ? undefined : ts.createSourceFile(fileName, text, languageVersion);
      },
      getDefaultLibFileName: (options) => `${LIB_ROOT}/${ts.getDefaultLibFileName(options)}`,
      getDefaultLibLocation: () => LIB_ROOT,
      writeFile: (fileName, text) => onEmit(this.normalize(fileName), text),
      getCurrentDirectory: () => APP_ROOT,
      getCanonicalFileName: (f) => f,
      useCaseSensitiveFileNames: () => true,
      getNewLine: () => '\n',
      fileExists: this.fileExists,
      readFile: this.readFile,
      directoryExists: this.directoryExists,
      getDirectories: this.getDirectories,
      realpath: (p) => this.normalize(p),
    };
  }
}

/** A package path (`commands/X.ts`) from a virtual one; files outside the package keep their virtual path. */
export const packagePath = (virtual: string) => (virtual.startsWith(`${APP_ROOT}/`) ? virtual.slice(APP_ROOT.length + 1) : virtual);

/** Removes the virtual root from a message, so `'/app/lib/x'` reads `'lib/x'`. */
export const withoutRoot = (message: string) => message.split(`${APP_ROOT}/`).join('');
