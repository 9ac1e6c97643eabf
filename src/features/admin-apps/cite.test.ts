import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { VersionDiff } from '../../../contract/schemas/diff';
import { citedLines, citedLineText, citeKey, parseCite, toggleCite } from './cite';

describe('the diff lines picked to cite', () => {
  it('the address keeps at most 20 of the form side:line:path; anything else is dropped', () => {
    expect(citedLines(['new:12:lib/blocks.ts', 'old:3:a b/c.ts', 'both:1:x', 'new:x:y', 'new:0:a.ts', 'new:1:', ['new:1:a.ts'], 7, null])).toEqual([
      'new:12:lib/blocks.ts',
      'old:3:a b/c.ts',
    ]);
    expect(citedLines(Array.from({ length: 25 }, (_, i) => `new:${i + 1}:a.ts`))).toHaveLength(20);
    expect([citedLines('new:1:a.ts'), citedLines(undefined), citedLines([])]).toEqual([undefined, undefined, undefined]);
  });

  it('reads each one back (a path may hold colons); refuses what is not one', () => {
    expect(parseCite('new:12:lib/a:b.ts')).toEqual({ side: 'new', line: 12, path: 'lib/a:b.ts' });
    expect(parseCite(citeKey({ side: 'old', line: 3, path: 'x.ts' }))).toEqual({ side: 'old', line: 3, path: 'x.ts' });
    expect([parseCite('new:0:a.ts'), parseCite(['new:1:a.ts']), parseCite(`new:1:${'a'.repeat(2100)}`)]).toEqual([null, null, null]);
  });

  it('picks and unpicks a line, never more than 20, and forgets an empty list', () => {
    expect(toggleCite(undefined, 'new:1:a.ts')).toEqual(['new:1:a.ts']);
    expect(toggleCite(['new:1:a.ts', 'old:2:b.ts'], 'new:1:a.ts')).toEqual(['old:2:b.ts']);
    expect(toggleCite(['new:1:a.ts'], 'new:1:a.ts')).toBeUndefined();
    expect(
      toggleCite(
        Array.from({ length: 20 }, (_, i) => `new:${i + 1}:a.ts`),
        'new:99:a.ts',
      ),
    ).toHaveLength(20);
  });

  it('finds a cited line’s text in the comparisons loaded (without its + / - / space); empty when none holds it', () => {
    const queryClient = new QueryClient();
    const diff = {
      files: {
        items: [
          {
            path: 'lib/blocks.ts',
            hunks: [
              {
                oldStart: 3,
                oldLines: 3,
                newStart: 3,
                newLines: 3,
                lines: ['   return {', '-    text: `In ${m} min`,', '+    text: `In ${m} minutes`,', '   };'],
              },
            ],
          },
        ],
      },
    } as unknown as VersionDiff;
    queryClient.setQueryData(['admin', 'apps', 'a1', 'diff', '', '', '', '', 'stamp'], diff);
    expect(citedLineText(queryClient, 'a1', { side: 'new', line: 4, path: 'lib/blocks.ts' })).toBe('    text: `In ${m} minutes`,');
    expect(citedLineText(queryClient, 'a1', { side: 'old', line: 4, path: 'lib/blocks.ts' })).toBe('    text: `In ${m} min`,');
    expect(citedLineText(queryClient, 'a1', { side: 'new', line: 3, path: 'lib/blocks.ts' })).toBe('  return {');
    expect(citedLineText(queryClient, 'a1', { side: 'new', line: 40, path: 'lib/blocks.ts' })).toBe('');
    expect(citedLineText(queryClient, 'other', { side: 'new', line: 4, path: 'lib/blocks.ts' })).toBe('');
  });
});
