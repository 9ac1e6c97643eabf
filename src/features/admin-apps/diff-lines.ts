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
