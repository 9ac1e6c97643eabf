import { REPORT_EARLIEST, REPORT_MAX_DAYS, REPORT_TEXT, type ReportGroup } from '../../../contract/schemas/reports-text';
import type { ReportPreset, ReportsSearch } from './search';

/** Days are UTC days, `YYYY-MM-DD` (docs/reports.md). */
const DAY_MS = 86_400_000;
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

export const PRESETS: readonly ReportPreset[] = ['7d', '30d', '90d', '12m', 'ytd'];
export const DEFAULT_PRESET: ReportPreset = '30d';
export const DEFAULT_GROUP: ReportGroup = 'day';

/** Today, as a UTC day. */
export const today = (now = new Date()) => iso(now.getTime());
export const addDays = (day: string, n: number) => iso(ms(day) + n * DAY_MS);
/** Both days included. */
export const dayCount = (from: string, to: string) => Math.round((ms(to) - ms(from)) / DAY_MS) + 1;

/** A day that exists, written `YYYY-MM-DD`, from REPORT_EARLIEST on. */
export const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(ms(s)) && iso(ms(s)) === s && s >= REPORT_EARLIEST;

/** The days a preset covers, ending today (both included). */
export function presetRange(preset: ReportPreset, on: string): { from: string; to: string } {
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  switch (preset) {
    case '7d':
      return { from: addDays(on, -6), to: on };
    case '30d':
      return { from: addDays(on, -29), to: on };
    case '90d':
      return { from: addDays(on, -89), to: on };
    case '12m': {
      // The day after the same day a year before (29 February: the 28th's), so twelve whole months end today.
      const lastOfMonth = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
      return { from: addDays(iso(Date.UTC(y - 1, m - 1, Math.min(d, lastOfMonth))), 1), to: on };
    }
    case 'ytd':
      return { from: `${y}-01-01`, to: on };
  }
}

/** What the search asks for: its preset (or custom), its days and grouping, and why it cannot be shown, if so. */
export type Resolved = { preset: ReportPreset | 'custom'; from: string; to: string; group: ReportGroup; error?: string };

/** The range of a search: `from` and `to` together are a custom range; else its preset (the last 30 days). */
export function resolveRange(search: Pick<ReportsSearch, 'range' | 'from' | 'to' | 'group'>, on: string): Resolved {
  const group = search.group ?? DEFAULT_GROUP;
  if (search.from && search.to) {
    const { from, to } = search;
    return { preset: 'custom', from, to, group, error: rangeError(from, to) };
  }
  const preset = search.range ?? DEFAULT_PRESET;
  return { preset, ...presetRange(preset, on), group };
}

/** The contract's rules of a range (contract/schemas/reports.ts), with its texts. */
export function rangeError(from: string, to: string): string | undefined {
  if (!isDay(from) || !isDay(to)) return REPORT_TEXT.badDate;
  if (from > to || dayCount(from, to) > REPORT_MAX_DAYS) return REPORT_TEXT.badRange;
  return undefined;
}

const utc = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...o });
const monthDay = utc({ month: 'short', day: 'numeric' });
const monthDayYear = utc({ month: 'short', day: 'numeric', year: 'numeric' });
const monthYear = utc({ month: 'short', year: 'numeric' });
const longMonthYear = utc({ month: 'long', year: 'numeric' });
const at = (day: string) => new Date(ms(day));

/** A day for people: Nov 28, 2026. */
export const formatDay = (day: string) => monthDayYear.format(at(day.slice(0, 10)));

/** A period's short name under a chart: its first day (Nov 28), or its month (Nov 2026). */
export const axisLabel = (period: string, group: ReportGroup) => (group === 'month' ? monthYear : monthDay).format(at(period));

/**
 * The last day of each period: the day before the next one starts, the range's end for the last (a report's
 * periods start on its first day, then on each Monday or each 1st).
 */
export const periodEnds = (periods: string[], to: string) => periods.map((p, i) => (i + 1 < periods.length ? addDays(periods[i + 1]!, -1) : to));

/** A period in full: a day (Nov 28, 2026), a whole month (November 2026), or its first and last days. */
export function periodLabel(start: string, end: string, group: ReportGroup): string {
  if (start === end) return formatDay(start);
  const whole = group === 'month' && start.endsWith('-01') && addDays(end, 1).endsWith('-01') && start.slice(0, 7) === end.slice(0, 7);
  if (whole) return longMonthYear.format(at(start));
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  return `${(sameYear ? monthDay : monthDayYear).format(at(start))} – ${formatDay(end)}`;
}

/** A share as a percentage with one decimal (0.125 → 12.5%); none (null) is a dash. */
export const formatShare = (share: number | null) => (share === null ? '—' : `${(Math.round(share * 1000) / 10).toFixed(1)}%`);
