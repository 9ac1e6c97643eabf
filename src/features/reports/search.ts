import type { SearchSchemaInput } from '@tanstack/react-router';
import type { ReportGroup } from '../../../contract/schemas/reports';
import { optionalBounded, optionalInt } from '../../lib/search';

// The Reports routes' search params. The route tree holds them (the first screen's JavaScript): plain functions of a
// few bytes, as every route's search (src/lib/search.ts); the screen checks the range itself (range.ts).

export type ReportPreset = '7d' | '30d' | '90d' | '12m' | 'ytd';
export type ReportTab = 'transactions' | 'installs' | 'versions' | 'payouts';

/**
 * `range` (a preset; none: the last 30 days) or `from` and `to` (a custom range, both days included), `group` (none:
 * by day), `app`, `publisher` (staff only), the table shown (`tab`) and its `page` (on a statement: its lines' page).
 */
export type ReportsSearch = {
  range?: ReportPreset;
  from?: string;
  to?: string;
  group?: ReportGroup;
  app?: string;
  publisher?: string;
  tab?: ReportTab;
  page?: number;
};

const match = <T extends string>(v: unknown, re: RegExp) => (typeof v === 'string' && re.test(v) ? (v as T) : undefined);
const day = /^\d{4}-\d\d-\d\d$/;

/** Each param checked: anything else is absent (its default). */
export const reportsSearch = (s: { [K in keyof ReportsSearch]?: unknown } & SearchSchemaInput): ReportsSearch => ({
  range: match(s.range, /^(7d|30d|90d|12m|ytd)$/),
  from: match(s.from, day),
  to: match(s.to, day),
  group: match(s.group, /^(day|week|month)$/),
  app: optionalBounded(s.app, 64),
  publisher: optionalBounded(s.publisher, 64),
  tab: match(s.tab, /^(transactions|installs|versions|payouts)$/),
  page: optionalInt(s.page, 2, 1e6),
});
