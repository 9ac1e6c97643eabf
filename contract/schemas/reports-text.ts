// The reports' words and bounds without zod (contract/schemas/reports.ts builds its schemas on them): the
// reports screen shows them without loading the contract's schemas (docs/performance.md, every screen).

/** The first day a report may start (nothing was sold before it) and the longest range a report covers. */
export const REPORT_EARLIEST = '2015-01-01';
export const REPORT_MAX_DAYS = 366 * 10;

export const REPORT_TEXT = {
  title: 'Reports',
  badDate: 'A day is written YYYY-MM-DD.',
  badRange: 'The range must start on or before its end, and span at most ten years.',
  range: 'Range',
  from: 'From',
  to: 'To',
  group: 'Group by',
  app: 'App',
  allApps: 'All apps',
  publisher: 'Publisher',
  allPublishers: 'All publishers',
  presets: { '7d': 'Last 7 days', '30d': 'Last 30 days', '90d': 'Last 90 days', '12m': 'Last 12 months', ytd: 'This year', custom: 'Custom' },
  groups: { day: 'Day', week: 'Week', month: 'Month' },
  downloadCsv: 'Download CSV',
  empty: 'Nothing happened in this range.',
} as const;

/** How a report's points are grouped. */
export const REPORT_GROUPS = ['day', 'week', 'month'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
