import { describe, expect, it } from 'vitest';
import { MARKDOWN_DEPTH, nestingOf } from './markdown-nesting';

describe('how deep a text nests, seen before rendering (nestingOf)', () => {
  it('is 20 levels', () => expect(MARKDOWN_DEPTH).toBe(20));

  it.each([
    ['5 000 quote markers', '>'.repeat(5000) + 'a', 'block'],
    ['2 500 list markers', '- '.repeat(2500), 'block'],
    ['2 500 list markers and text', '- '.repeat(2500) + 'a', 'block'],
    ['21 spaced quotes', '> '.repeat(21) + 'a', 'block'],
    ['ordered markers', '1. '.repeat(2500), 'block'],
    ['quotes and lists mixed', '> - '.repeat(11) + 'a', 'block'],
    ['a list nested by indentation', Array.from({ length: 30 }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n'), 'block'],
    ['tabs', '\t'.repeat(11) + '- a', 'block'],
    ['emphasis opened 2 500 times', '*a '.repeat(2500) + 'b' + ' a*'.repeat(2500), 'inline'],
    ['a run of 41 asterisks around a word', '*'.repeat(41) + 'a' + '*'.repeat(41), 'inline'],
    ['nested brackets', '['.repeat(21) + 'a' + ']'.repeat(21), 'inline'],
    ['links inside links', '[a '.repeat(2500) + 'b' + '](x)'.repeat(2500), 'inline'],
    // A fence opened in a list item ends with the item: the quotes after it are Markdown (marked overflows on them).
    ['quotes after a fence opened in a list item', '- ```\n' + '>'.repeat(5000) + 'a', 'block'],
  ])('refuses %s', (_, raw, kind) => {
    const nesting = nestingOf(raw);
    expect(nesting?.kind).toBe(kind);
    expect(nesting!.depth).toBeGreaterThan(MARKDOWN_DEPTH);
  });

  it.each([
    ['a description', '# Standup\n\n**Bold**, *it*, _it_, ~~gone~~ and `a < b`.\n\n- one\n  - two\n    - three\n\n> a quote\n> > in a quote'],
    ['20 levels of quotes', '> '.repeat(20) + 'a'],
    ['20 levels of lists', '- '.repeat(20) + 'a'],
    ['a list nested 10 deep by four spaces', Array.from({ length: 10 }, (_, i) => `${'    '.repeat(i)}- item`).join('\n')],
    ['words with underscores (no emphasis)', 'snake_case_name '.repeat(500) + '_a'.repeat(5000)],
    ['emphasis opened and closed again and again', '**bold** '.repeat(1000) + '*a*'.repeat(1000)],
    ['a thematic break of asterisks', '*'.repeat(80)],
    ['brackets closed again', '[a](https://x.example) '.repeat(500)],
    ['brackets left open in one paragraph and not the next', '['.repeat(15) + '\n\n' + '['.repeat(15)],
    ['deep indentation inside fenced code', '```json\n' + Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}{`).join('\n') + '\n```'],
    ['brackets inside a code span', '`' + '['.repeat(50) + '`'],
    ['escaped brackets', '\\['.repeat(50)],
  ])('accepts %s', (_, raw) => {
    expect(nestingOf(raw)).toBeNull();
  });

  it('takes a limit', () => {
    expect(nestingOf('> > > a', 2)).toMatchObject({ kind: 'block', depth: 3 });
    expect(nestingOf('> > a', 2)).toBeNull();
  });

  it('reads 200 000 hostile characters of each kind in one pass, and judges them (a quadratic look would take minutes: the test’s time-out)', () => {
    const hostile = ['>'.repeat(200_000), '*a '.repeat(66_666), '['.repeat(200_000)];
    const benign = ['_a'.repeat(100_000), '`'.repeat(200_000), '` a '.repeat(50_000), ' '.repeat(200_000), 'a\n'.repeat(100_000)];
    expect(hostile.map((raw) => nestingOf(raw)?.kind)).toEqual(['block', 'inline', 'inline']);
    expect(benign.map((raw) => nestingOf(raw))).toEqual(benign.map(() => null));
  });
});
