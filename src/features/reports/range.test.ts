import { describe, expect, it } from 'vitest';
import { REPORT_TEXT } from '../../../contract/schemas/reports-text';
import { addDays, axisLabel, dayCount, formatShare, isDay, periodEnds, periodLabel, presetRange, rangeError, resolveRange, today } from './range';
import { reportsSearch } from './search';

const parse = (s: Record<string, unknown>) => reportsSearch(s as Parameters<typeof reportsSearch>[0]);

describe('report ranges', () => {
  it('turns each preset into the days it covers, ending today (UTC)', () => {
    const on = '2026-03-15';
    expect(presetRange('7d', on)).toEqual({ from: '2026-03-09', to: on });
    expect(presetRange('30d', on)).toEqual({ from: '2026-02-14', to: on });
    expect(presetRange('90d', on)).toEqual({ from: '2025-12-16', to: on });
    expect(presetRange('12m', on)).toEqual({ from: '2025-03-16', to: on });
    expect(presetRange('ytd', on)).toEqual({ from: '2026-01-01', to: on });
    for (const p of ['7d', '30d', '90d'] as const) expect(dayCount(presetRange(p, on).from, on)).toBe(Number(p.slice(0, -1)));
    // Twelve months from a 29 February: from the day after the 28th a year before.
    expect(presetRange('12m', '2028-02-29')).toEqual({ from: '2027-03-01', to: '2028-02-29' });
    expect(presetRange('ytd', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-01-01' });
  });

  it('reads today as a UTC day', () => {
    expect(today(new Date('2026-03-15T23:59:59-05:00'))).toBe('2026-03-16');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('resolves a search: the last 30 days by day unless it says otherwise; from and to together are a custom range', () => {
    const on = '2026-03-15';
    expect(resolveRange({}, on)).toEqual({ preset: '30d', from: '2026-02-14', to: on, group: 'day' });
    expect(resolveRange({ range: '90d', group: 'week' }, on)).toEqual({ preset: '90d', from: '2025-12-16', to: on, group: 'week' });
    expect(resolveRange({ from: '2026-01-01', to: '2026-01-31', range: '7d' }, on)).toEqual({
      preset: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
      group: 'day',
      error: undefined,
    });
    // One day alone is no custom range.
    expect(resolveRange({ from: '2026-01-01' }, on).preset).toBe('30d');
  });

  it('says why a custom range cannot be shown, with the contract’s texts', () => {
    expect(rangeError('2026-02-30', '2026-03-01')).toBe(REPORT_TEXT.badDate);
    expect(rangeError('2014-12-31', '2015-01-05')).toBe(REPORT_TEXT.badDate);
    expect(rangeError('2026-03-02', '2026-03-01')).toBe(REPORT_TEXT.badRange);
    expect(rangeError('2015-01-01', '2026-01-01')).toBe(REPORT_TEXT.badRange);
    expect(rangeError('2016-01-01', '2025-12-31')).toBeUndefined();
    expect(rangeError('2026-03-01', '2026-03-01')).toBeUndefined();
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('2026-3-1')).toBe(false);
  });

  it('keeps only what it knows of the URL’s search', () => {
    expect(parse({ range: '90d', from: '2026-01-01', to: 'soon', group: 'year', app: 'a1', tab: 'payouts', page: 3, publisher: 'x'.repeat(65) })).toEqual({
      range: '90d',
      from: '2026-01-01',
      to: undefined,
      group: undefined,
      app: 'a1',
      publisher: undefined,
      tab: 'payouts',
      page: 3,
    });
    // Page 1 is the default: not written.
    expect(parse({ page: '1', range: 'all' }).page).toBeUndefined();
    expect(parse({ page: '2' }).page).toBe(2);
  });
});

describe('period labels', () => {
  it('ends each period the day before the next starts, the last on the range’s end', () => {
    expect(periodEnds(['2026-03-04', '2026-03-09', '2026-03-16'], '2026-03-18')).toEqual(['2026-03-08', '2026-03-15', '2026-03-18']);
    expect(periodEnds([], '2026-03-18')).toEqual([]);
  });

  it('names a day, a week, a whole month and a part of one', () => {
    expect(periodLabel('2026-03-04', '2026-03-04', 'day')).toBe('Mar 4, 2026');
    expect(periodLabel('2026-03-09', '2026-03-15', 'week')).toBe('Mar 9 – Mar 15, 2026');
    expect(periodLabel('2025-12-29', '2026-01-04', 'week')).toBe('Dec 29, 2025 – Jan 4, 2026');
    expect(periodLabel('2026-02-01', '2026-02-28', 'month')).toBe('February 2026');
    expect(periodLabel('2026-02-10', '2026-02-28', 'month')).toBe('Feb 10 – Feb 28, 2026');
    expect(periodLabel('2026-03-01', '2026-03-18', 'month')).toBe('Mar 1 – Mar 18, 2026');
  });

  it('names a period under a chart briefly', () => {
    expect(axisLabel('2026-03-04', 'day')).toBe('Mar 4');
    expect(axisLabel('2026-03-09', 'week')).toBe('Mar 9');
    expect(axisLabel('2026-03-01', 'month')).toBe('Mar 2026');
  });

  it('shows a share as a percentage, none as a dash', () => {
    expect(formatShare(0.125)).toBe('12.5%');
    expect(formatShare(1 / 3)).toBe('33.3%');
    expect(formatShare(0)).toBe('0.0%');
    expect(formatShare(null)).toBe('—');
  });
});
