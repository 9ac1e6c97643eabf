import type { DiffFile } from '../../../contract/schemas/diff';

export type Hunk = NonNullable<DiffFile['hunks']>[number];

/** Each line of a hunk with its kind ('+', '-', ' ', or '\' for "No newline at end of file") and its old and new line numbers. */
export function numberedLines(h: Hunk) {
  let oldNo = h.oldStart;
  let newNo = h.newStart;
  return h.lines.map((line) => {
    const kind = line[0] === '+' || line[0] === '-' || line[0] === '\\' ? line[0] : ' ';
    const row = { kind, text: line, old: kind === '+' || kind === '\\' ? null : oldNo, new: kind === '-' || kind === '\\' ? null : newNo };
    if (kind === ' ' || kind === '-') oldNo++;
    if (kind === ' ' || kind === '+') newNo++;
    return row;
  });
}

/** The lines a file's diff adds and removes (its '+' and '-' lines); 0 and 0 for a file not diffed (binary, too large). */
export function lineCounts(file: Pick<DiffFile, 'hunks'>) {
  let added = 0;
  let removed = 0;
  for (const h of file.hunks ?? [])
    for (const line of h.lines) {
      if (line[0] === '+') added++;
      else if (line[0] === '-') removed++;
    }
  return { added, removed };
}

/**
 * A page of files larger than this opens on its list of files, each folded (its lines shown on request): more files
 * than LARGE_DIFF_FILES, or more changed lines (added and removed, all files together) than LARGE_DIFF_LINES. A first
 * version (every file added) or a big update would otherwise be one page tens of thousands of pixels long; a diff
 * below both stays unfolded, to be read at once.
 */
export const LARGE_DIFF_FILES = 10;
export const LARGE_DIFF_LINES = 400;

/** The lines the files change in all (added and removed). */
export const changedLines = (files: readonly Pick<DiffFile, 'hunks'>[]) =>
  files.reduce((sum, f) => {
    const c = lineCounts(f);
    return sum + c.added + c.removed;
  }, 0);

/** Whether a page of files is large enough to open folded (see LARGE_DIFF_FILES). */
export const isLargeDiff = (files: readonly Pick<DiffFile, 'hunks'>[]) => files.length > LARGE_DIFF_FILES || changedLines(files) > LARGE_DIFF_LINES;
