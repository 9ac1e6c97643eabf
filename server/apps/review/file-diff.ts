import { structuredPatch } from 'diff';
import type { DiffFile } from '../../../contract/schemas/diff';

/** Text files larger than this are listed as changed, not diffed (a diff of them would not be read anyway). */
export const MAX_DIFF_BYTES = 512 * 1024;
/** Lines of context around each change, as `diff -u`. */
const CONTEXT = 3;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Whether bytes are a binary file: a NUL in its first 8 000 bytes (as git decides), or not UTF-8. */
export function isBinary(bytes: Buffer): boolean {
  if (bytes.subarray(0, 8000).includes(0)) return true;
  try {
    utf8.decode(bytes);
    return false;
  } catch {
    return true;
  }
}

/** One file's change: a text file's unified diff in hunks; a binary (or too large) file listed with its sizes. */
export function fileChange(path: string, from: Buffer | undefined, to: Buffer | undefined): DiffFile {
  const change = from === undefined ? 'added' : to === undefined ? 'removed' : 'changed';
  const binary = (from !== undefined && isBinary(from)) || (to !== undefined && isBinary(to));
  const tooLarge = !binary && (from?.length ?? 0) + (to?.length ?? 0) > MAX_DIFF_BYTES;
  const size = { from: from?.length ?? null, to: to?.length ?? null };
  if (binary || tooLarge) return { path, change, binary, tooLarge, size, hunks: null };
  const patch = structuredPatch(path, path, from?.toString('utf8') ?? '', to?.toString('utf8') ?? '', undefined, undefined, { context: CONTEXT });
  return {
    path,
    change,
    binary,
    tooLarge,
    size,
    hunks: patch.hunks.map(({ oldStart, oldLines, newStart, newLines, lines }) => ({ oldStart, oldLines, newStart, newLines, lines })),
  };
}

/**
 * The files that differ between two packages, by path: how many were added, removed, changed and left alone, and
 * one page of the differing ones (in path order, after `after`, at most `limit`), each diffed.
 */
export function diffPackages(from: Map<string, Buffer>, to: Map<string, Buffer>, page: { after?: string; limit: number }) {
  const paths = [...new Set([...from.keys(), ...to.keys()])].sort();
  const summary = { added: 0, removed: 0, changed: 0, unchanged: 0 };
  const differing: string[] = [];
  for (const path of paths) {
    const a = from.get(path);
    const b = to.get(path);
    if (a && b && a.equals(b)) {
      summary.unchanged++;
      continue;
    }
    summary[a === undefined ? 'added' : b === undefined ? 'removed' : 'changed']++;
    differing.push(path);
  }
  const start = page.after === undefined ? 0 : differing.findIndex((p) => p > page.after!);
  const slice = start < 0 ? [] : differing.slice(start, start + page.limit);
  const more = start >= 0 && start + page.limit < differing.length;
  return { summary, items: slice.map((p) => fileChange(p, from.get(p), to.get(p))), next: more ? slice.at(-1)! : null };
}
