import { Card, Flex, Text } from '@radix-ui/themes';
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatValue, type ChartSpec, type Unit } from './charts';
import { Swatch } from './Swatch';

/** The height of a chart's plot, its axes included (the placeholder while this chunk loads has it too). */
export const CHART_HEIGHT = 220;

const compact = {
  // Cents where the axis has them ($0.25, not $0.3); thousands and millions short ($1.25K).
  money: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 2 }),
  count: new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }),
};
/** Steps between labelled periods on the time axis (whole periods only: a day, a week, a month…). */
const PERIOD_STEPS = [1, 2, 3, 4, 5, 6, 7, 14, 21, 28, 30, 61, 91, 182, 365, 730];
/** Steps between ticks on a count axis (whole numbers only). */
const COUNT_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10_000, 20_000, 50_000, 100_000, 1e6, 1e7];

type Hover = { idx: number; left: number; top: number; width: number };

/**
 * A report's chart on a canvas (uPlot, in this lazily loaded chunk only): the periods along the bottom, a money
 * and/or a count axis, lines or side-by-side bars, and a tooltip with every series' value at the pointer. The
 * picture is one image to assistive technology (`role="img"`, named by the chart's summary); the numbers are in
 * the table beside it (ChartFigure).
 */
export default function TimeChart({ chart }: { chart: ChartSpec }) {
  const box = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<Hover | null>(null);
  useEffect(() => {
    const el = box.current!;
    const css = getComputedStyle(el);
    const color = (v: string) => css.getPropertyValue(v).trim() || '#6f6f6f';
    const font = `12px ${css.fontFamily}`;
    const axisColor = color('--gray-11');
    const gridColor = color('--gray-a4');
    const n = chart.axisLabels.length;
    // The first unit is read on the left axis, a second one on the right.
    const units = [...new Set(chart.series.map((s) => s.unit))];
    const yAxis = (unit: Unit, left: boolean): uPlot.Axis => ({
      scale: unit,
      side: left ? 3 : 1,
      stroke: axisColor,
      font,
      size: 64,
      grid: { show: left, stroke: gridColor, width: 1 },
      ticks: { show: false },
      incrs: unit === 'count' ? COUNT_STEPS : undefined,
      values: (_u, splits) => splits.map((v) => compact[unit].format(v)),
    });
    const plot = new uPlot(
      {
        width: el.clientWidth,
        height: CHART_HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, y: false, points: { size: 8 } },
        scales: {
          x: { time: false, range: () => [-0.5, Math.max(0, n - 1) + 0.5] },
          money: { range: (_u, min, max) => uPlot.rangeNum(Math.min(0, min), Math.max(1, max), 0.1, true) },
          count: { range: (_u, min, max) => uPlot.rangeNum(Math.min(0, min), Math.max(4, max), 0.1, true) },
        },
        axes: [
          {
            stroke: axisColor,
            font,
            grid: { show: false },
            ticks: { stroke: gridColor },
            space: 64,
            incrs: PERIOD_STEPS,
            values: (_u, splits) => splits.map((v) => chart.axisLabels[v] ?? ''),
          },
          ...units.map((u, i) => yAxis(u, i === 0)),
        ],
        series: [
          {},
          ...chart.series.map((s): uPlot.Series => ({
            label: s.label,
            scale: s.unit,
            stroke: color(s.color),
            width: 2,
            dash: s.dash,
            ...(s.kind === 'bar'
              ? { fill: color(s.color), paths: uPlot.paths.bars!({ size: [0.35, 28], align: s.align ?? 0 }), points: { show: false } }
              : { points: { show: n <= 45, size: 5 } }),
          })),
        ],
        hooks: {
          setCursor: [
            (u) => {
              const { idx, left, top } = u.cursor;
              setHover(
                idx == null || left == null || left < 0
                  ? null
                  : { idx, left: left + u.over.offsetLeft, top: (top ?? 0) + u.over.offsetTop, width: el.clientWidth },
              );
            },
          ],
        },
      },
      [chart.axisLabels.map((_, i) => i), ...chart.series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: CHART_HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [chart]);
  return (
    <div role="img" aria-label={chart.summary} style={{ position: 'relative', minWidth: 0 }}>
      <div ref={box} style={{ height: CHART_HEIGHT, overflow: 'hidden' }} />
      {hover && chart.periodLabels[hover.idx] !== undefined && (
        <Card
          size="1"
          aria-hidden
          style={{
            position: 'absolute',
            top: Math.max(0, Math.min(hover.top, CHART_HEIGHT - 120)),
            left: hover.left,
            // Beside the pointer, on the side with room.
            transform: hover.left > hover.width / 2 ? 'translateX(calc(-100% - 12px))' : 'translateX(12px)',
            pointerEvents: 'none',
            zIndex: 1,
            whiteSpace: 'nowrap',
          }}
        >
          <Flex direction="column" gap="1">
            <Text size="1" weight="bold">
              {chart.periodLabels[hover.idx]}
            </Text>
            {chart.series.map((s) => (
              <Text size="1" key={s.key}>
                <Swatch series={s} /> {s.label}: {formatValue(s.unit, s.values[hover.idx] ?? 0)}
              </Text>
            ))}
          </Flex>
        </Card>
      )}
    </div>
  );
}
