import { describe, expect, it } from 'vitest';
import { typeRoots, uiKitFor, uiKitVersion } from './type-roots';

const pkg = (deps: Record<string, Record<string, string>>) => Buffer.from(JSON.stringify({ name: 'x', ...deps }));

describe('the UI Kit an app was written for', () => {
  it('is the 0.31 release for a 0.x declaration (dependencies, devDependencies or peerDependencies), else 1.0', () => {
    expect(uiKitFor(pkg({ devDependencies: { '@rocket.chat/ui-kit': '^0.31.19' } }))).toBe('0.31');
    expect(uiKitFor(pkg({ dependencies: { '@rocket.chat/ui-kit': '~0.30.0' } }))).toBe('0.31');
    expect(uiKitFor(pkg({ peerDependencies: { '@rocket.chat/ui-kit': '0.31.x' } }))).toBe('0.31');
    expect(uiKitFor(pkg({ devDependencies: { '@rocket.chat/ui-kit': '^1.0.0' } }))).toBe('1.0');
    expect(uiKitFor(pkg({ devDependencies: { typescript: '^5.0.0' } }))).toBe('1.0');
    expect(uiKitFor(pkg({ devDependencies: { '@rocket.chat/ui-kit': 'workspace:*' } }))).toBe('1.0');
    expect(uiKitFor(Buffer.from('not json'))).toBe('1.0');
    expect(uiKitFor(undefined)).toBe('1.0');
  });

  it('resolves each release to its installed package, mounted where the app imports it', () => {
    expect(uiKitVersion('0.31')).toMatch(/^0\.31\./);
    expect(uiKitVersion('1.0')).toMatch(/^1\.0\./);
    const mount = (release: '0.31' | '1.0') => typeRoots(release).find((m) => m.virtual.endsWith('/node_modules/@rocket.chat/ui-kit'))!.real;
    expect(mount('0.31')).not.toBe(mount('1.0'));
  });
});
