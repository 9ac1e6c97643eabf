import { describe, expect, it } from 'vitest';
import { DEFAULT_SEVERITIES } from '../../../contract/schemas/review';
import { weighed } from './settings';

describe('findings weighed by the severities in force', () => {
  it('puts blocking findings first, each check weighing as configured', () => {
    const found = weighed(
      [
        { check: 'new-permissions', reason: 'asks for room.read' },
        { check: 'secrets', reason: 'a key', file: 'k.pem', line: 2 },
      ],
      DEFAULT_SEVERITIES,
    );
    expect(found.map((f) => [f.check, f.severity])).toEqual([
      ['secrets', 'blocks'],
      ['new-permissions', 'warns'],
    ]);
    expect(weighed([{ check: 'secrets', reason: 'a key' }], { ...DEFAULT_SEVERITIES, secrets: 'warns' })[0]!.severity).toBe('warns');
  });

  it('a check that could not run weighs as much as that check would (a failed secrets check blocks)', () => {
    const failed = (of: 'secrets' | 'lowest-engine') => weighed([{ check: 'check-failed', reason: 'could not run', of }], DEFAULT_SEVERITIES)[0]!.severity;
    expect(failed('secrets')).toBe('blocks');
    expect(failed('lowest-engine')).toBe('warns');
    expect(
      weighed([{ check: 'check-failed', reason: 'could not run', of: 'lowest-engine' }], { ...DEFAULT_SEVERITIES, 'check-failed': 'blocks' })[0]!.severity,
    ).toBe('blocks');
  });
});
