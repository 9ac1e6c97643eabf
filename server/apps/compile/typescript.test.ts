import { describe, expect, it } from 'vitest';
import { typeScriptMajorFor, typeScriptVersion } from './typescript';

const pkg = (o: unknown) => Buffer.from(JSON.stringify(o));

describe('the TypeScript an app was written for', () => {
  it.each([
    ['no package.json', undefined, 5],
    ['a devDependency ~4.9.5', pkg({ devDependencies: { typescript: '~4.9.5' } }), 4],
    ['a dependency ^4.2.0', pkg({ dependencies: { typescript: '^4.2.0' } }), 4],
    ['a devDependency ^5.4.0', pkg({ devDependencies: { typescript: '^5.4.0' } }), 5],
    ['a major the portal does not have (3.x)', pkg({ devDependencies: { typescript: '^3.9.0' } }), 5],
    ['a range that is not semver', pkg({ devDependencies: { typescript: 'latest' } }), 5],
    ['no typescript at all', pkg({ dependencies: { lodash: '^4.0.0' } }), 5],
    ['a package.json that is not JSON', Buffer.from('{ nope'), 5],
    ['a typescript entry that is not a string', pkg({ devDependencies: { typescript: 4 } }), 5],
  ])('%s → TypeScript %i', (_name, json, major) => {
    expect(typeScriptMajorFor(json)).toBe(major);
  });

  it('resolves each major to the newest installed release of it', () => {
    expect(typeScriptVersion(4)).toMatch(/^4\.9\.\d+$/);
    expect(typeScriptVersion(5)).toMatch(/^5\.9\.\d+$/);
  });
});
