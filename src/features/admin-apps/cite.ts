import type { QueryClient } from '@tanstack/react-query';
import type { VersionDiff } from '../../../contract/schemas/diff';
import { MAX_CITATIONS } from '../../../contract/schemas/app';
import type { Citation } from '../../../contract/schemas/review';
import { adminAppKeys } from './api';
import { numberedLines } from './diff-lines';

// The diff lines a reviewer picks to cite in a rejection or review note (docs/packages-and-review.md, Review notes): the admin app screen keeps them in
// its address (`?cite=`, a JSON array: each "side:line:path"), at most MAX_CITATIONS. The route does not validate it
// (src/routes/publisher.admin.apps.$id.tsx): citedLines does, where it is used.

export type CitedLine = Omit<Extract<Citation, { kind: 'line' }>, 'kind' | 'text'>;

export const citeKey = (c: CitedLine) => `${c.side}:${c.line}:${c.path}`;

/** A picked line from the address ("side:line:path"), or null when it is not one (or its path is longer than a citation's). */
export function parseCite(key: unknown): CitedLine | null {
  const m = typeof key === 'string' && key.length <= 2070 ? /^(old|new):([1-9]\d{0,8}):(.+)$/s.exec(key) : null;
  return m ? { side: m[1] as CitedLine['side'], line: Number(m[2]), path: m[3]! } : null;
}

/**
 * `?cite=` as the address has it (the route does not validate it: its search function is in the first screen's code):
 * the picked lines, at most MAX_CITATIONS; anything else is dropped.
 */
export function citedLines(raw: unknown): string[] | undefined {
  const keys = Array.isArray(raw) ? raw.filter((k): k is string => parseCite(k) !== null).slice(0, MAX_CITATIONS) : [];
  return keys.length ? keys : undefined;
}

/** The list with `key` added (at the end), or without it when it was there; never more than MAX_CITATIONS. */
export function toggleCite(list: readonly string[] | undefined, key: string): string[] | undefined {
  const now = list ?? [];
  const next = now.includes(key) ? now.filter((k) => k !== key) : [...now, key].slice(0, MAX_CITATIONS);
  return next.length ? next : undefined;
}

/** A citation's line text is at most this long (the contract's limit). */
const MAX_TEXT = 1000;

/**
 * The text of a cited line, as the diff gave it (without its '+', '-' or ' '): looked up in the comparisons of the app
 * this screen has loaded, the latest first; '' when none of them holds it any more (the citation still names the line).
 */
export function citedLineText(queryClient: QueryClient, appId: string, c: CitedLine): string {
  const diffs = queryClient
    .getQueryCache()
    .findAll({ queryKey: adminAppKeys.of(appId, 'diff') })
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  for (const q of diffs) {
    const file = (q.state.data as VersionDiff | undefined)?.files.items.find((f) => f.path === c.path);
    for (const h of file?.hunks ?? []) {
      const row = numberedLines(h).find((l) => l[c.side] === c.line);
      if (row) return row.text.slice(1, MAX_TEXT + 1);
    }
  }
  return '';
}

/** The citations a note sends: the findings chosen, then the lines picked (with their text). */
export const lineCitation = (c: CitedLine, text: string): Citation => ({ kind: 'line', ...c, text });
