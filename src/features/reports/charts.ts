import type { ReportSummary } from '../../../contract/schemas/reports';
import { formatMoney } from '../../lib/format';
import { axisLabel, formatDay, periodEnds, periodLabel } from './range';
import { reportsText as T } from './text';

/** A figure's kind: the axis it is drawn against and how its values read. */
export type Unit = 'money' | 'count';

/** One series of a chart: a line or bars, its colour (a Radix colour variable) and dash, the axis it is read on. */
export type SeriesSpec = {
  key: string;
  label: string;
  /** A CSS colour variable of the theme (`--indigo-9`): the canvas and the legend read the same one. */
  color: string;
  kind: 'line' | 'bar';
  /** Dashes tell lines apart without their colour. */
  dash?: number[];
  /** Bars side by side: left of the period's middle (-1), right of it (1). */
  align?: -1 | 1;
  unit: Unit;
  values: number[];
};

/** A chart of a report: its periods, named short (under the axis) and in full (tooltip, table), and its series. */
export type ChartSpec = {
  id: string;
  title: string;
  /** What the picture shows, in a sentence: the accessible name of the chart's image. */
  summary: string;
  axisLabels: string[];
  periodLabels: string[];
  series: SeriesSpec[];
};

export const formatCount = (n: number) => n.toLocaleString('en-US');
export const formatValue = (unit: Unit, n: number) => (unit === 'money' ? formatMoney(n) : formatCount(n));

const sum = (xs: number[]) => xs.reduce((n, x) => n + x, 0);
const round = (n: number) => Math.round(n * 100) / 100;

/** The four charts of a report's series (docs/reports.md): revenue, MRR and subscriptions, new and cancelled, installs. */
export function chartsOf(summary: Pick<ReportSummary, 'from' | 'to' | 'group' | 'series' | 'totals'>): ChartSpec[] {
  const { series: points, group, totals } = summary;
  const periods = points.map((p) => p.period);
  const ends = periodEnds(periods, summary.to);
  const axisLabels = periods.map((p) => axisLabel(p, group));
  const periodLabels = periods.map((p, i) => periodLabel(p, ends[i]!, group));
  const range = T.rangeText(formatDay(summary.from), formatDay(summary.to));
  const of = (k: keyof (typeof points)[number]) => points.map((p) => p[k] as number);
  const base = { axisLabels, periodLabels };
  const mrr = of('mrr');
  const active = of('activeSubscriptions');
  return [
    {
      ...base,
      id: 'revenue',
      title: T.revenue,
      summary: T.revenueSummary(range, formatMoney(totals.gross), formatMoney(totals.fees), formatMoney(totals.refunds), formatMoney(totals.net)),
      series: [
        { key: 'gross', label: T.revenueSeries.gross, color: '--indigo-9', kind: 'line', unit: 'money', values: of('gross') },
        { key: 'fees', label: T.revenueSeries.fees, color: '--amber-10', kind: 'line', dash: [6, 4], unit: 'money', values: of('fees') },
        { key: 'refunds', label: T.revenueSeries.refunds, color: '--red-9', kind: 'line', dash: [2, 3], unit: 'money', values: of('refunds') },
        { key: 'net', label: T.revenueSeries.net, color: '--green-10', kind: 'line', unit: 'money', values: of('net') },
      ],
    },
    {
      ...base,
      id: 'subscriptions',
      title: T.subscriptions,
      summary: T.subscriptionsSummary(
        range,
        formatMoney(round(mrr[0] ?? 0)),
        formatMoney(round(mrr.at(-1) ?? 0)),
        active[0] ?? 0,
        active.at(-1) ?? 0,
        Math.max(0, ...active),
      ),
      series: [
        { key: 'mrr', label: T.subscriptionsSeries.mrr, color: '--indigo-9', kind: 'line', unit: 'money', values: mrr },
        { key: 'active', label: T.subscriptionsSeries.active, color: '--cyan-10', kind: 'line', dash: [6, 4], unit: 'count', values: active },
      ],
    },
    {
      ...base,
      id: 'new-cancelled',
      title: T.newVsCancelled,
      summary: T.newVsCancelledSummary(range, totals.newSubscriptions, totals.cancelledSubscriptions),
      series: [
        { key: 'new', label: T.newVsCancelledSeries.created, color: '--green-9', kind: 'bar', align: -1, unit: 'count', values: of('newSubscriptions') },
        {
          key: 'cancelled',
          label: T.newVsCancelledSeries.cancelled,
          color: '--red-9',
          kind: 'bar',
          align: 1,
          unit: 'count',
          values: of('cancelledSubscriptions'),
        },
      ],
    },
    {
      ...base,
      id: 'installs',
      title: T.installActivity,
      summary: T.installSummary(range, sum(of('installs')), sum(of('updates')), sum(of('uninstalls')), totals.activeWorkspaces),
      series: [
        { key: 'installs', label: T.installSeries.installs, color: '--indigo-9', kind: 'line', unit: 'count', values: of('installs') },
        { key: 'updates', label: T.installSeries.updates, color: '--cyan-10', kind: 'line', dash: [6, 4], unit: 'count', values: of('updates') },
        { key: 'uninstalls', label: T.installSeries.uninstalls, color: '--red-9', kind: 'line', dash: [2, 3], unit: 'count', values: of('uninstalls') },
        { key: 'active', label: T.installSeries.active, color: '--green-10', kind: 'line', unit: 'count', values: of('activeWorkspaces') },
      ],
    },
  ];
}

/** Whether anything happened or stood in the range: every figure of every period zero is an empty report. */
export const isEmptyReport = (summary: Pick<ReportSummary, 'series'>) =>
  summary.series.every((p) => (Object.keys(p) as (keyof typeof p)[]).every((k) => k === 'period' || p[k] === 0));
