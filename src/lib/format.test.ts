import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from './format';

// The first screen formats money and dates without Intl (format.ts says why); what it writes must be exactly
// what Intl's en-US formats write.
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

describe('formatMoney', () => {
  it('writes what Intl writes for any amount in cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(formatMoney(cents / 100)).toBe(usd.format(cents / 100));
      }),
      { numRuns: 2000 },
    );
    for (const n of [0, -0, 0.5, 1000, 1234567.891, -0.004, 999.995]) expect(formatMoney(n), String(n)).toBe(usd.format(n));
  });
});

describe('formatDate', () => {
  it('writes what Intl writes, in the same time zone, for any instant', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }), (d) => {
        expect(formatDate(d.toISOString())).toBe(day.format(d));
      }),
      { numRuns: 2000 },
    );
  });
  it('refuses an invalid date as Intl does', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});
