import { MARKDOWN_LIMITS } from '../../../contract/schemas/app';

/**
 * How deep a publisher's Markdown may nest before it is refused unrendered (`nestingOf`): quotes and lists (a
 * `>` or a list marker each, and every two columns of indentation), and inline links/brackets and emphasis.
 * `marked` renders by recursion: `'>'.repeat(5000) + 'a'` overflows its stack; 20 levels is far more than any
 * description needs and far less than the stack holds. How long it may take: `MARKDOWN_BUDGET_MS`
 * (markdown-renderer.ts renders off the event loop within it).
 */
export const MARKDOWN_DEPTH: number = MARKDOWN_LIMITS.depth;

export type Nesting = { kind: 'block' | 'inline'; depth: number };

const FENCE = /^(`{3,}|~{3,})/;
const LIST_MARKER = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/;
const WHITESPACE = /\s/;
const PUNCTUATION = /[\p{P}\p{S}]/u;

/** Columns of leading blanks from `i` (a tab to the next multiple of 4), and where they end. */
function blanks(line: string, i: number): { columns: number; end: number } {
  let columns = 0;
  for (; i < line.length; i++) {
    if (line[i] === ' ') columns++;
    else if (line[i] === '\t') columns += 4 - (columns % 4);
    else break;
  }
  return { columns, end: i };
}

/**
 * A cheap look (one pass, no parsing) at how deep a text nests, an upper bound of what `marked` would build:
 * per line, the quotes and list markers it opens (`> - > 1. a`) and its indentation (a nested list needs at least
 * two columns per level); per paragraph, the links and brackets left open and the emphasis delimiters opened (a
 * run of `*`, `_` or `~` that can open and not close). Fenced code and code spans are skipped. The first nesting
 * deeper than `limit` is answered, else null.
 */
export function nestingOf(raw: string, limit = MARKDOWN_DEPTH): Nesting | null {
  let fence: string | null = null;
  let brackets = 0;
  let emphasis = 0;
  for (const line of raw.split(/\r\n|\r|\n/)) {
    // Containers: quotes and list markers, each one level, the line's indentation one per two columns.
    const lead = blanks(line, 0);
    let i = lead.end;
    let markers = 0;
    for (;;) {
      const rest = line.slice(i, i + 12);
      if (rest[0] === '>') i++;
      else {
        const marker = LIST_MARKER.exec(rest);
        if (!marker) break;
        i += marker[0].length;
      }
      // Counted inside fenced code too: a fence opened in a list or quote ends with it, and what follows is not code.
      if (++markers > limit) return { kind: 'block', depth: markers };
      i = blanks(line, i).end;
    }
    const content = line.slice(i);
    // Indentation nests only what it indents (a line of blanks is a blank line).
    const depth = (content.trim() === '' ? 0 : Math.floor(lead.columns / 2)) + markers;
    const fenceMark = FENCE.exec(content)?.[1];
    if (fence) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length && content.slice(fenceMark.length).trim() === '') fence = null;
      continue;
    }
    if (depth > limit) return { kind: 'block', depth };
    if (fenceMark) {
      fence = fenceMark;
      continue;
    }
    // A blank line ends the paragraph: what it left open closes with it.
    if (content.trim() === '') {
      brackets = 0;
      emphasis = 0;
      continue;
    }
    for (let j = 0; j < content.length; j++) {
      const c = content[j]!;
      if (c === '\\') {
        j++;
        continue;
      }
      if (c === '`') {
        // A code span: its text is literal, up to a run of as many backticks.
        let n = 1;
        while (content[j + n] === '`') n++;
        const close = content.indexOf('`'.repeat(n), j + n);
        j = close === -1 ? j + n - 1 : close + n - 1;
        continue;
      }
      if (c === '[') {
        if (++brackets > limit) return { kind: 'inline', depth: brackets };
      } else if (c === ']') brackets = Math.max(0, brackets - 1);
      else if (c === '*' || c === '_' || c === '~') {
        let n = 1;
        while (content[j + n] === c) n++;
        const before = j === 0 ? ' ' : content[j - 1]!;
        const after = j + n >= content.length ? ' ' : content[j + n]!;
        // CommonMark's flanking rules: a run can open when it is left-flanking, close when right-flanking.
        const left = !WHITESPACE.test(after) && (!PUNCTUATION.test(after) || WHITESPACE.test(before) || PUNCTUATION.test(before));
        const right = !WHITESPACE.test(before) && (!PUNCTUATION.test(before) || WHITESPACE.test(after) || PUNCTUATION.test(after));
        if (left && !right) {
          emphasis += n;
          if (emphasis > limit) return { kind: 'inline', depth: emphasis };
        } else if (right && !left) emphasis = Math.max(0, emphasis - n);
        j += n - 1;
      }
    }
  }
  return null;
}
