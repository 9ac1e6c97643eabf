import { describe, expect, it } from 'vitest';
import { fromCents, toCents } from './provider';

describe('money in cents', () => {
  it('rounds dollars to whole cents without binary fractions', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1843.2)).toBe(184_320);
    expect(toCents(96.4) - toCents(10) * 9).toBe(640);
    expect(fromCents(184_320)).toBe(1843.2);
    expect(fromCents(toCents(19.99))).toBe(19.99);
  });
});
