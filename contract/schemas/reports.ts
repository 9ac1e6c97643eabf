import { z } from 'zod';
import { PageQuery } from '../common';
import { REPORT_EARLIEST, REPORT_GROUPS, REPORT_MAX_DAYS, REPORT_TEXT } from './reports-text';

/**
 * Reports (docs/reports.md): a publisher's — or, for staff, the marketplace's — sales, subscriptions, installs
 * and payouts over a range of days, read from the daily roll-ups kept in the transaction of each event. Every
 * figure is defined once, in docs/reports.md "What each figure means"; days are UTC days.
 */

export { REPORT_EARLIEST, REPORT_MAX_DAYS, REPORT_TEXT, REPORT_GROUPS } from './reports-text';

/** A UTC day, `YYYY-MM-DD`, that exists. */
export const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: REPORT_TEXT.badDate })
  .refine(
    (s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= REPORT_EARLIEST && s <= '9999-12-31';
    },
    { error: REPORT_TEXT.badDate },
  );

export const ReportGroup = z.enum(REPORT_GROUPS);
export type ReportGroup = z.infer<typeof ReportGroup>;

const dayCount = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
const rangeIsValid = (q: { from: string; to: string }) => q.from <= q.to && dayCount(q.from, q.to) <= REPORT_MAX_DAYS;
const rangeIssue = { error: REPORT_TEXT.badRange, path: ['to'] };

/** The range (both days included), and optionally one app (and, for staff, one publisher). */
const RangeFields = z.object({ from: Day, to: Day, appId: z.string().min(1).max(64).optional() });
export const ReportRange = RangeFields.refine(rangeIsValid, rangeIssue);
export type ReportRange = z.infer<typeof ReportRange>;
export const ReportQuery = RangeFields.extend({ group: ReportGroup.default('day') }).refine(rangeIsValid, rangeIssue);
export type ReportQuery = z.infer<typeof ReportQuery>;
export const ReportPageQuery = RangeFields.extend(PageQuery.shape).refine(rangeIsValid, rangeIssue);
export const AdminRangeFields = RangeFields.extend({ publisherId: z.string().min(1).max(64).optional() });
export const AdminReportRange = AdminRangeFields.refine(rangeIsValid, rangeIssue);
export const AdminReportQuery = AdminRangeFields.extend({ group: ReportGroup.default('day') }).refine(rangeIsValid, rangeIssue);
export const AdminReportPageQuery = AdminRangeFields.extend(PageQuery.shape).refine(rangeIsValid, rangeIssue);

/** The money of a period: gross sales, the marketplace's fees, refunds and net (gross − fees − refunds), in USD. */
export const ReportMoney = z.object({ gross: z.number(), fees: z.number(), refunds: z.number(), net: z.number() });

/** What happened in a period (flows). */
const Flows = ReportMoney.extend({
  sales: z.number().int(),
  newSubscriptions: z.number().int(),
  cancelledSubscriptions: z.number().int(),
  trialStarts: z.number().int(),
  /** Of the trials started in the period, those that became paid (whenever they did). */
  trialConversions: z.number().int(),
  installs: z.number().int(),
  updates: z.number().int(),
  uninstalls: z.number().int(),
  payouts: z.number(),
});

/** How things stood at a period's last day's end (stocks). */
const Stocks = z.object({
  mrr: z.number(),
  activeSubscriptions: z.number().int(),
  trialingSubscriptions: z.number().int(),
  seats: z.number().int(),
  activeWorkspaces: z.number().int(),
});

export const ReportPoint = Flows.merge(Stocks).extend({
  /** The period's first day (a Monday for weeks, the 1st for months; the range's own start for the first period). */
  period: z.string(),
});
export type ReportPoint = z.infer<typeof ReportPoint>;

export const ReportTotals = Flows.merge(Stocks).extend({
  arr: z.number(),
  /** Live subscriptions at the range's start (the day before its first day, at its end). */
  subscriptionsAtStart: z.number().int(),
  /** cancelledSubscriptions / subscriptionsAtStart; null when none were live at the start. */
  churn: z.number().nullable(),
  /** trialConversions / trialStarts; null when no trial started. */
  trialConversionRate: z.number().nullable(),
});
export type ReportTotals = z.infer<typeof ReportTotals>;

export const ReportSummary = z.object({
  from: z.string(),
  to: z.string(),
  group: ReportGroup,
  currency: z.literal('USD'),
  totals: ReportTotals,
  series: z.array(ReportPoint),
});
export type ReportSummary = z.infer<typeof ReportSummary>;

/** One money movement: a sale (or a trial that became paid), a renewal, or a refund (negative). */
export const ReportTransaction = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(['sale', 'renewal', 'refund']),
  purchaseId: z.string(),
  workspaceId: z.string(),
  workspaceName: z.string(),
  appId: z.string(),
  appName: z.string(),
  publisherId: z.string(),
  planId: z.string(),
  /** "One-time", or the plan's strategy ("Monthly", "Yearly"). */
  plan: z.string(),
  seats: z.number().int(),
  amount: z.number(),
  fee: z.number(),
  net: z.number(),
  /** When the publisher's share becomes available for payout. */
  availableOn: z.string(),
});
export type ReportTransaction = z.infer<typeof ReportTransaction>;

/** One install report of a Rocket.Chat workspace. */
export const ReportInstallEvent = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(['install', 'update', 'uninstall']),
  workspaceId: z.string(),
  workspaceName: z.string(),
  appId: z.string(),
  appName: z.string(),
  version: z.string(),
});
export type ReportInstallEvent = z.infer<typeof ReportInstallEvent>;

/** Per app and version: the workspaces running it at the range's end, and what happened to it in the range. */
export const ReportVersion = z.object({
  appId: z.string(),
  appName: z.string(),
  version: z.string(),
  activeWorkspaces: z.number().int(),
  installs: z.number().int(),
  updates: z.number().int(),
  uninstalls: z.number().int(),
});
export type ReportVersion = z.infer<typeof ReportVersion>;

export const ReportPayout = z.object({
  id: z.string(),
  publisherId: z.string(),
  createdAt: z.string(),
  amount: z.number(),
  status: z.enum(['pending', 'paid', 'failed']),
  expected: z.string().nullable(),
});
export type ReportPayout = z.infer<typeof ReportPayout>;

/**
 * A payout's statement: what became available for payout between the previous payout and this one (its
 * sales, renewals and refunds), the balance carried in, and what is left after this payout.
 */
export const PayoutStatement = z.object({
  payout: ReportPayout,
  /** The previous payout's time (null: this is the first); the statement covers (since, payout.createdAt]. */
  since: z.string().nullable(),
  /** Available before `since` and not paid out by earlier payouts. */
  carriedIn: z.number(),
  sales: z.number().int(),
  refunds: z.number().int(),
  /** The net of the lines: what they added to the available balance. */
  net: z.number(),
  /** carriedIn + net − this payout (a failed payout takes nothing). */
  carriedOut: z.number(),
});
export type PayoutStatement = z.infer<typeof PayoutStatement>;

/** The marketplace at a glance (the admin dashboard). Days are UTC. */
export const AdminDashboard = z.object({
  reviewQueue: z.object({ waiting: z.number().int(), oldestSince: z.string().nullable() }),
  compileFailuresToday: z.number().int(),
  installsToday: z.number().int(),
  salesToday: z.object({ count: z.number().int(), gross: z.number() }),
  salesThisMonth: z.object({ count: z.number().int(), gross: z.number() }),
  /** This month's best sellers by gross, then installs. */
  topApps: z.array(
    z.object({ appId: z.string(), appName: z.string(), publisherName: z.string(), gross: z.number(), sales: z.number().int(), installs: z.number().int() }),
  ),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;
