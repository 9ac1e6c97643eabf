import type { ReportPoint, ReportSummary, ReportTotals } from '../../../contract/schemas/reports';

/** A report's point with every figure zero but those given (the component tests' data). */
export const point = (period: string, o: Partial<ReportPoint> = {}): ReportPoint => ({
  period,
  gross: 0,
  fees: 0,
  refunds: 0,
  net: 0,
  sales: 0,
  newSubscriptions: 0,
  cancelledSubscriptions: 0,
  trialStarts: 0,
  trialConversions: 0,
  installs: 0,
  updates: 0,
  uninstalls: 0,
  payouts: 0,
  mrr: 0,
  activeSubscriptions: 0,
  trialingSubscriptions: 0,
  seats: 0,
  activeWorkspaces: 0,
  ...o,
});

export const totals = (o: Partial<ReportTotals> = {}): ReportTotals => ({
  ...point(''),
  arr: 0,
  subscriptionsAtStart: 0,
  churn: null,
  trialConversionRate: null,
  ...o,
});

/** Three days: a sale of $10 (fee $2) and a subscription on the 2nd, a refund of $5 and an install on the 3rd. */
export const summary = (o: Partial<ReportSummary> = {}): ReportSummary => ({
  from: '2026-03-01',
  to: '2026-03-03',
  group: 'day',
  currency: 'USD',
  totals: totals({
    gross: 10,
    fees: 2,
    refunds: 5,
    net: 3,
    sales: 1,
    newSubscriptions: 1,
    mrr: 4,
    arr: 48,
    activeSubscriptions: 1,
    installs: 1,
    activeWorkspaces: 1,
    subscriptionsAtStart: 4,
    cancelledSubscriptions: 1,
    churn: 0.25,
    trialStarts: 3,
    trialConversions: 1,
    trialConversionRate: 1 / 3,
  }),
  series: [
    point('2026-03-01'),
    point('2026-03-02', { gross: 10, fees: 2, net: 8, sales: 1, newSubscriptions: 1, mrr: 4, activeSubscriptions: 1 }),
    point('2026-03-03', { refunds: 5, net: -5, mrr: 4, activeSubscriptions: 1, installs: 1, activeWorkspaces: 1, cancelledSubscriptions: 1 }),
  ],
  ...o,
});
