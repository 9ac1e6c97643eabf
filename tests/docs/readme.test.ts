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
