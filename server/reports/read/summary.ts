import { sql } from 'drizzle-orm';
import type { ReportGroup, ReportPoint, ReportSummary, ReportTotals } from '../../../contract/schemas/reports';
import type { Db } from '../../db/client';
import { DAY_MS, dayMs, num, rowsOf, scopeWhere, type ReportScope } from './range';

/**
 * The figures of a range (docs/reports.md "What each figure means"), read from the daily roll-ups only — never
 * the facts they sum — in one query per roll-up table (`report_days`, `install_days`): a row per day of the
 * range, and one for every day before it together (the stocks' base). Flows are summed within each period; stocks (MRR, live and
 * trialing subscriptions, seats, active workspaces) are the sum of their daily changes up to the period's
 * last day. Money is summed in cents and MRR in ten-thousandths, so no float error accumulates over years.
 */

/** The figures summed per day, each kept in whole units (money in cents, MRR in ten-thousandths of a dollar). */
const FIGURES = [
  'gross',
  'fees',
  'refunds',
  'net',
  'payouts',
  'sales',
  'newSubscriptions',
  'cancelledSubscriptions',
  'trialStarts',
  'trialConversions',
  'installs',
  'updates',
  'uninstalls',
  // Stocks' daily changes:
  'mrr',
  'live',
  'trialing',
  'seats',
  'active',
] as const;
type Figure = (typeof FIGURES)[number];
const F = Object.fromEntries(FIGURES.map((f, i) => [f, i])) as Record<Figure, number>;
const FLOWS = FIGURES.slice(0, F.uninstalls + 1).map((f) => F[f]);
const STOCKS = FIGURES.slice(F.mrr).map((f) => F[f]);
/** The unit of each figure: cents for money, ten-thousandths for MRR, one for counts. */
const SCALE: Partial<Record<Figure, number>> = { gross: 100, fees: 100, refunds: 100, net: 100, payouts: 100, mrr: 10_000 };
const COLUMN: Record<Figure, string> = {
  gross: 'gross',
  fees: 'fees',
  refunds: 'refunds',
  net: 'net',
  payouts: 'payouts',
  sales: 'sales',
  newSubscriptions: 'new_subscriptions',
  cancelledSubscriptions: 'cancelled_subscriptions',
  trialStarts: 'trial_starts',
  trialConversions: 'trial_conversions',
  installs: 'installs',
  updates: 'updates',
  uninstalls: 'uninstalls',
  mrr: 'mrr_delta',
  live: 'live_delta',
  trialing: 'trialing_delta',
  seats: 'seats_delta',
  active: 'active_delta',
};
const MONEY_FIGURES = FIGURES.filter((f) => !['installs', 'updates', 'uninstalls', 'active'].includes(f));
const INSTALL_FIGURES: Figure[] = ['installs', 'updates', 'uninstalls', 'active'];

/**
 * Per day of the range (its index from `from`, 0 …) and once for all days before it (index −1: the stocks'
 * base), the sums of a roll-up table's figures.
 */
function perDay(db: Db, table: 'report_days' | 'install_days', figures: Figure[], scope: ReportScope, from: string, to: string) {
  const sums = sql.raw(figures.map((f) => `sum(${COLUMN[f]}) as "${f}"`).join(', '));
  return rowsOf<Record<Figure | 'i', string | number | null>>(
    db.execute(sql`
      select greatest(day - ${from}::date, -1) as i, ${sums}
      from ${sql.raw(table)}
      where ${scopeWhere(scope, { publisherId: sql.raw('publisher_id'), appId: sql.raw('app_id') })} and day <= ${to}::date
      group by 1`),
  );
}

/** The range's days' figures in whole units (`days[i * FIGURES.length + figure]`), and the base before it. */
async function dailyUnits(db: Db, scope: ReportScope, from: string, to: string, count: number) {
  const width = FIGURES.length;
  const days = new Float64Array(count * width);
  const base = new Float64Array(width);
  const rows = await Promise.all([
    perDay(db, 'report_days', MONEY_FIGURES, scope, from, to).then((r) => [MONEY_FIGURES, r] as const),
    perDay(db, 'install_days', INSTALL_FIGURES, scope, from, to).then((r) => [INSTALL_FIGURES, r] as const),
  ]);
  for (const [figures, list] of rows) {
    for (const r of list) {
      const i = Number(r.i);
      if (i >= count) continue;
      const into = i < 0 ? base : days;
      const at = i < 0 ? 0 : i * width;
      for (const f of figures) into[at + F[f]] = into[at + F[f]]! + Math.round(num(r[f]) * (SCALE[f] ?? 1));
    }
  }
  return { base, days };
}

/** A period's figures as the contract has them: money in dollars (cents), MRR to cents. */
function point(flows: Float64Array, stocks: Float64Array) {
  const dollars = (f: Figure) => flows[F[f]]! / 100;
  return {
    gross: dollars('gross'),
    fees: dollars('fees'),
    refunds: dollars('refunds'),
    net: dollars('net'),
    payouts: dollars('payouts'),
    sales: flows[F.sales]!,
    newSubscriptions: flows[F.newSubscriptions]!,
    cancelledSubscriptions: flows[F.cancelledSubscriptions]!,
    trialStarts: flows[F.trialStarts]!,
    trialConversions: flows[F.trialConversions]!,
    installs: flows[F.installs]!,
    updates: flows[F.updates]!,
    uninstalls: flows[F.uninstalls]!,
    mrr: Math.round(stocks[F.mrr]! / 100) / 100,
    activeSubscriptions: stocks[F.live]!,
    trialingSubscriptions: stocks[F.trialing]!,
    seats: stocks[F.seats]!,
    activeWorkspaces: stocks[F.active]!,
  };
}

/** A ratio to four decimals, or null when there is nothing to divide by. */
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : null);

/** The totals and the series of a range, one point per day, week or month — every period, empty ones as zeros. */
export async function summary(db: Db, scope: ReportScope, query: { from: string; to: string; group: ReportGroup }): Promise<ReportSummary> {
  const { from, to, group } = query;
  const first = dayMs(from);
  const count = Math.round((dayMs(to) - first) / DAY_MS) + 1;
  const { base, days } = await dailyUnits(db, scope, from, to, count);
  const width = FIGURES.length;
  const stocks = base.slice();
  const total = new Float64Array(width);
  let flows = new Float64Array(width);
  const series: ReportPoint[] = [];
  // Day by day in order, each added to its period; a period ends before the next one's first day (a Monday for
  // weeks, the 1st for months), and its stocks are those at its last day's end.
  let start = from;
  for (let i = 0; i < count; i++) {
    const at = i * width;
    for (const f of FLOWS) {
      flows[f] = flows[f]! + days[at + f]!;
      total[f] = total[f]! + days[at + f]!;
    }
    for (const f of STOCKS) stocks[f] = stocks[f]! + days[at + f]!;
    const next = new Date(first + (i + 1) * DAY_MS);
    const startsPeriod = group === 'day' || (group === 'week' ? next.getUTCDay() === 1 : next.getUTCDate() === 1);
    if (i === count - 1 || startsPeriod) {
      series.push({ period: start, ...point(flows, stocks) });
      flows = new Float64Array(width);
      start = next.toISOString().slice(0, 10);
    }
  }
  const totals: ReportTotals = {
    ...point(total, stocks),
    arr: Math.round((stocks[F.mrr]! * 12) / 100) / 100,
    subscriptionsAtStart: base[F.live]!,
    churn: ratio(total[F.cancelledSubscriptions]!, base[F.live]!),
    trialConversionRate: ratio(total[F.trialConversions]!, total[F.trialStarts]!),
  };
  return { from, to, group, currency: 'USD', totals, series };
}
