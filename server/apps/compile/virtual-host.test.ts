import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { VirtualFiles, packagePath, withoutRoot } from './virtual-host';

/** A mounted folder with a file, and a symbolic link that points out of it. */
const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
function mountWithEscape() {
  const root = mkdtempSync(join(tmpdir(), 'vfs-test-'));
  roots.push(root);
  const mounted = join(root, 'types');
  mkdirSync(join(mounted, 'lib'), { recursive: true });
  writeFileSync(join(mounted, 'index.d.ts'), 'export declare const x: number;');
  writeFileSync(join(root, 'secret.txt'), 'server secret');
  symlinkSync(join(root, 'secret.txt'), join(mounted, 'lib', 'leak.d.ts'));
  symlinkSync(root, join(mounted, 'up'));
  return mounted;
}

describe('the compiler sees only the package and the allowed type roots', () => {
  const vfs = new VirtualFiles(
    new Map([
      ['lib/a.ts', Buffer.from('export const a = 1;')],
      ['app.json', Buffer.from('{}')],
    ]),
    [{ virtual: '/app/node_modules/@types/fake', real: mountWithEscape() }],
  );

  it('reads the package at /app, relative paths included', () => {
    expect(vfs.readFile('/app/lib/a.ts')).toBe('export const a = 1;');
    expect(vfs.readFile('lib/a.ts')).toBe('export const a = 1;');
    expect(vfs.fileExists('/app/app.json')).toBe(true);
    expect(vfs.directoryExists('/app/lib')).toBe(true);
    expect(vfs.getDirectories('/app')).toEqual(expect.arrayContaining(['lib', 'node_modules']));
  });

  it('reads a mounted type root', () => {
    expect(vfs.readFile('/app/node_modules/@types/fake/index.d.ts')).toContain('declare const x');
    expect(vfs.directoryExists('/app/node_modules/@types')).toBe(true);
    expect(vfs.getDirectories('/app/node_modules/@types/fake')).toEqual(expect.arrayContaining(['lib']));
  });

  it.each([
    ['an absolute server path', '/etc/passwd'],
    ['.. out of the package', '/app/../etc/passwd'],
    ['.. from a relative path', '../../etc/passwd'],
    ['.. out of a mount', '/app/node_modules/@types/fake/../../../../etc/passwd'],
    ['a symbolic link in a mount that points out of it', '/app/node_modules/@types/fake/lib/leak.d.ts'],
    ['a path through a linked folder', '/app/node_modules/@types/fake/up/secret.txt'],
    ['the server working directory', `${process.cwd()}/package.json`],
  ])('resolves %s to nothing', (_name, path) => {
    expect(vfs.fileExists(path)).toBe(false);
    expect(vfs.readFile(path)).toBeUndefined();
  });

  it('tells a mounted file (by its real path) from a file of the package: only the former may be shared across compiles', () => {
    const mounted = mountWithEscape();
    const files = new Map([
      ['lib/a.ts', 'export const a = 1;'],
      // Shipped at mounted paths: the mount's file is read (or nothing), never these.
      ['node_modules/@types/fake/index.d.ts', 'export declare const x: string;'],
      ['node_modules/@types/fake/own.d.ts', 'export declare const own: 1;'],
      // Beside the mount, sharing its prefix: the package's own.
      ['node_modules/@types/fake-extra/index.d.ts', 'export declare const extra: 1;'],
    ]);
    const shadowed = new VirtualFiles(new Map([...files].map(([k, v]) => [k, Buffer.from(v)])), [{ virtual: '/app/node_modules/@types/fake', real: mounted }]);
    expect(shadowed.realFile('/app/node_modules/@types/fake/index.d.ts')).toBe(realpathSync(join(mounted, 'index.d.ts')));
    expect(shadowed.readFile('/app/node_modules/@types/fake/index.d.ts')).toContain('x: number');
    expect(shadowed.realFile('/app/node_modules/@types/fake/own.d.ts')).toBeNull();
    expect(shadowed.readFile('/app/node_modules/@types/fake/own.d.ts')).toBeUndefined();
    expect(shadowed.realFile('/app/node_modules/@types/fake-extra/index.d.ts')).toBeNull();
    expect(shadowed.readFile('/app/node_modules/@types/fake-extra/index.d.ts')).toContain('extra');
    expect(shadowed.realFile('lib/a.ts')).toBeNull();
    expect(shadowed.realFile('/app/node_modules/@types/fake/lib/leak.d.ts')).toBeNull();
    expect(shadowed.realFile('/app/node_modules/@types/fake/lib')).toBeNull();
  });

  it('shows package paths without the virtual root', () => {
    expect(packagePath('/app/commands/X.ts')).toBe('commands/X.ts');
    expect(withoutRoot("Cannot find module '/app/lib/x'.")).toBe("Cannot find module 'lib/x'.");
  });
});
