import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { roleMatrixMarkdown } from '../../server/access/matrix';

const readme = readFileSync('README.md', 'utf8');
const config = readFileSync('server/config.ts', 'utf8');

describe('README', () => {
  it('shows the role matrix of the policy as it is', () => expect(readme).toContain(roleMatrixMarkdown()));

  it('documents every environment variable the server reads', () => {
    const vars = [...config.matchAll(/^\s+([A-Z_]+): /gm)].map((m) => m[1]!);
    expect(vars.length).toBeGreaterThan(15);
    for (const v of vars) expect(readme, v).toContain(`\`${v}\``);
  });
});

describe('docs/lifecycle.md', () => {
  it('is the diagram of the lifecycle machine as it is (npm run docs:lifecycle)', async () => {
    const { lifecycleDoc } = await import('../../scripts/lifecycle-doc');
    expect(readFileSync('docs/lifecycle.md', 'utf8').startsWith(lifecycleDoc())).toBe(true);
  });
});
