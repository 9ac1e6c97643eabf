import { describe, expect, it } from 'vitest';
import { changedLines, isLargeDiff, LARGE_DIFF_FILES, LARGE_DIFF_LINES, lineCounts } from './diff-lines';

/** A text file whose one hunk adds `added` lines and removes `removed`, around a line kept. */
const file = (added: number, removed: number) => ({
  hunks: [
    {
      oldStart: 1,
      oldLines: removed + 1,
      newStart: 1,
      newLines: added + 1,
      lines: [' kept', ...Array.from({ length: removed }, (_, i) => `-old ${i}`), ...Array.from({ length: added }, (_, i) => `+new ${i}`)],
    },
  ],
});

describe('how large a diff is', () => {
  it('counts a file’s added and removed lines, not its context or "No newline" lines; a file not diffed has none', () => {
    expect(lineCounts(file(3, 2))).toEqual({ added: 3, removed: 2 });
    expect(lineCounts({ hunks: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-a', '\\ No newline at end of file', '+a'] }] })).toEqual({
      added: 1,
      removed: 1,
    });
    expect(lineCounts({ hunks: null })).toEqual({ added: 0, removed: 0 });
    expect(changedLines([file(3, 2), file(1, 0), { hunks: null }])).toBe(6);
  });

  it('is large above 10 files or above 400 changed lines on the page, small at either limit', () => {
    expect([LARGE_DIFF_FILES, LARGE_DIFF_LINES]).toEqual([10, 400]);
    expect(isLargeDiff(Array.from({ length: 10 }, () => file(1, 0)))).toBe(false);
    expect(isLargeDiff(Array.from({ length: 11 }, () => file(1, 0)))).toBe(true);
    expect(isLargeDiff([file(200, 0), file(100, 100)])).toBe(false);
    expect(isLargeDiff([file(200, 0), file(100, 101)])).toBe(true);
    expect(isLargeDiff([])).toBe(false);
  });
});
