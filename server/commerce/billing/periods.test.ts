import { describe, expect, it } from 'vitest';
import { nextPeriodEnd } from './periods';

describe('nextPeriodEnd', () => {
  it('moves a calendar month on, keeping the day where the month has it', () => {
    expect(nextPeriodEnd(new Date('2026-03-15T10:00:00Z'), 'monthly').toISOString()).toBe('2026-04-15T10:00:00.000Z');
    expect(nextPeriodEnd(new Date('2026-12-31T00:00:00Z'), 'monthly').toISOString()).toBe('2027-01-31T00:00:00.000Z');
  });
  it('ends a month that is shorter on its last day', () => {
    expect(nextPeriodEnd(new Date('2027-01-31T08:00:00Z'), 'monthly').toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(nextPeriodEnd(new Date('2028-01-31T08:00:00Z'), 'monthly').toISOString()).toBe('2028-02-29T08:00:00.000Z');
  });
  it('moves a year on', () => {
    expect(nextPeriodEnd(new Date('2026-11-24T00:00:00Z'), 'yearly').toISOString()).toBe('2027-11-24T00:00:00.000Z');
  });
});
