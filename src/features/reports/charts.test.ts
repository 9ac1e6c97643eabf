import { describe, expect, it } from 'vitest';
import { chartsOf, formatValue, isEmptyReport } from './charts';
import { point, summary } from './fixtures';

describe('the report’s charts', () => {
  it('draws revenue, MRR and subscriptions, new and cancelled, and installs, each summarised in a sentence', () => {
    const charts = chartsOf(summary());
    expect(charts.map((c) => c.title)).toEqual([
      'Revenue',
      'MRR and active subscriptions',
      'New and cancelled subscriptions',
      'Installs and active workspaces',
    ]);
    const [revenue, mrr, subs, installs] = charts;
    expect(revenue!.summary).toBe('Revenue from Mar 1, 2026 to Mar 3, 2026: gross $10.00, fees $2.00, refunds $5.00, net $3.00.');
    expect(revenue!.series.map((s) => [s.label, s.values])).toEqual([
      ['Gross', [0, 10, 0]],
      ['Fees', [0, 2, 0]],
      ['Refunds', [0, 0, 5]],
      ['Net', [0, 8, -5]],
    ]);
    expect(mrr!.summary).toContain('MRR from $0.00 to $4.00; active subscriptions from 0 to 1, at most 1');
    // Money on one axis, counts on the other.
    expect(mrr!.series.map((s) => s.unit)).toEqual(['money', 'count']);
    expect(subs!.series.map((s) => [s.kind, s.align])).toEqual([
      ['bar', -1],
      ['bar', 1],
    ]);
    expect(subs!.summary).toBe('Subscriptions from Mar 1, 2026 to Mar 3, 2026: 1 new, 1 cancelled.');
    expect(installs!.summary).toContain('1 installs, 0 updates, 0 uninstalls; 1 active workspaces at the end');
    expect(revenue!.axisLabels).toEqual(['Mar 1', 'Mar 2', 'Mar 3']);
    expect(revenue!.periodLabels).toEqual(['Mar 1, 2026', 'Mar 2, 2026', 'Mar 3, 2026']);
  });

  it('names weeks by their days, the last ending with the range', () => {
    const [chart] = chartsOf(
      summary({ from: '2026-03-04', to: '2026-03-18', group: 'week', series: [point('2026-03-04'), point('2026-03-09'), point('2026-03-16')] }),
    );
    expect(chart!.periodLabels).toEqual(['Mar 4 – Mar 8, 2026', 'Mar 9 – Mar 15, 2026', 'Mar 16 – Mar 18, 2026']);
  });

  it('knows an empty report: every figure of every period zero', () => {
    expect(isEmptyReport(summary())).toBe(false);
    expect(isEmptyReport({ series: [point('2026-03-01'), point('2026-03-02')] })).toBe(true);
    // Only live subscriptions (a stock) is not empty.
    expect(isEmptyReport({ series: [point('2026-03-01', { activeSubscriptions: 2 })] })).toBe(false);
    expect(formatValue('money', 1234.5)).toBe('$1,234.50');
    expect(formatValue('count', 1234)).toBe('1,234');
  });
});
