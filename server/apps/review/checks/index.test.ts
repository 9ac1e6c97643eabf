import { describe, expect, it } from 'vitest';
import { checkInput, fixtureMap } from '../../../../tests/fixtures/check-input';
import { checkIds, CHECK_TITLES, DEFAULT_SEVERITIES } from '../../../../contract/schemas/review';
import { MAX_FINDINGS_PER_CHECK, checkFailedReason, runChecks } from './index';

describe('running the publish checks', () => {
  it('runs every check; a check that throws is one check-failed finding naming it, and the others still run', async () => {
    const files = fixtureMap('leaky-token');
    const found = await runChecks(checkInput(files, { lastApproved: { version: '3.0.1', permissions: [{ name: 'networking' }] } }), {
      typeCheckOn: () => {
        throw new Error('/srv/portal/node_modules/typescript: boom');
      },
    });
    expect(found.map((f) => f.check)).toEqual(['new-permissions', 'secrets', 'secrets', 'secrets', 'check-failed']);
    expect(found.at(-1)).toEqual({ check: 'check-failed', reason: checkFailedReason('lowest-engine'), of: 'lowest-engine' });
    expect(checkFailedReason('lowest-engine')).toBe(
      'The automatic check “Lowest supported engine” could not finish on this package, so a reviewer will do it by hand.',
    );
    expect(JSON.stringify(found)).not.toContain('/srv/portal');
  });

  it('runs the lowest-engine check only when given a type check', async () => {
    expect(await runChecks(checkInput(fixtureMap('room-roster')))).toEqual([]);
    const found = await runChecks(checkInput(fixtureMap('room-roster')), { typeCheckOn: () => [{ file: 'a.ts', line: 1, message: 'no' }] });
    expect(found).toEqual([expect.objectContaining({ check: 'lowest-engine', file: 'a.ts', line: 1 })]);
  });

  it(`keeps at most ${MAX_FINDINGS_PER_CHECK} findings per check, and says how many more there are`, async () => {
    const files = fixtureMap('vote-buttons', (f) => {
      for (let i = 0; i < 60; i++) f.set(`node_modules/m${i}/package.json`, Buffer.from(`{ "name": "m${i}" }`));
    });
    const found = await runChecks(checkInput(files));
    expect(found).toHaveLength(MAX_FINDINGS_PER_CHECK + 1);
    expect(found.at(-1)).toEqual({
      check: 'bundled-licences',
      reason: '… and 10 more like these (“Bundled modules’ licences”). Fix the ones above, then upload again to see the rest.',
    });
  });

  it('defines a title and a default severity for every check: secrets, manifest mismatches, a start that fails and an undeclared permission block; unused permissions are notes; the others warn', () => {
    for (const id of checkIds) expect(CHECK_TITLES[id]).toBeTruthy();
    expect(checkIds.filter((id) => DEFAULT_SEVERITIES[id] === 'blocks')).toEqual(['secrets', 'manifest-mismatch', 'runtime-start', 'undeclared-permission']);
    expect(checkIds.filter((id) => DEFAULT_SEVERITIES[id] === 'info')).toEqual(['unused-permission']);
    expect(CHECK_TITLES.secrets).toBe('Secrets in the package');
  });
});
