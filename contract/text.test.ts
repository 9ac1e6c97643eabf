import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStorableText, unstorableTextIn } from './text';

describe('storable text', () => {
  it.each([
    ['a NUL character', 'a\u0000b', false],
    ['a lone high surrogate', 'a\uD800', false],
    ['a lone low surrogate', '\uDC00b', false],
    ['surrogates in the wrong order', '\uDC00\uD800', false],
    ['a pair (an emoji)', 'rocket 🚀', true],
    ['right-to-left and zero-width marks', '\u202e\u200b', true],
    ['the empty string', '', true],
  ])('%s', (_, text, storable) => expect(isStorableText(text)).toBe(storable));

  it('accepts exactly the strings that survive a round trip through UTF-8 and hold no NUL', () => {
    fc.assert(
      // Any UTF-16 code units, lone surrogates and NUL among them.
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }), (s) => {
        const roundTrips = Buffer.from(s, 'utf8').toString('utf8') === s;
        expect(isStorableText(s)).toBe(roundTrips && !s.includes('\u0000'));
      }),
      { numRuns: 2000 },
    );
  });

  it('names the first field holding such text, keys included', () => {
    expect(unstorableTextIn({ body: { author: { name: 'x\u0000' } } })).toBe('body.author.name');
    expect(unstorableTextIn({ list: ['ok', 'bad\uD800'] })).toBe('list.1');
    expect(unstorableTextIn({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(unstorableTextIn({ a: ['fine', 1, null, { b: true }] })).toBeNull();
  });
});
