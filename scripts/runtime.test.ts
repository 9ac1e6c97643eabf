import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string }; devDependencies: Record<string, string> };

describe('the runtime', () => {
  it('is Node.js 24 LTS, put first on the PATH of npm scripts by the `node` devDependency', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
    expect(semver.satisfies(process.versions.node, pkg.devDependencies.node!)).toBe(true);
    expect(semver.satisfies(process.versions.node, pkg.engines.node)).toBe(true);
    expect(semver.minVersion(pkg.engines.node)!.major).toBe(24);
  });
});
