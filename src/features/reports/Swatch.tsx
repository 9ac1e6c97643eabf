import type { SeriesSpec } from './charts';

/** A series' mark in a legend or tooltip: a square for bars, a line (dashed as drawn) for lines. */
export function Swatch({ series }: { series: Pick<SeriesSpec, 'color' | 'kind' | 'dash'> }) {
  const color = `var(${series.color})`;
  return (
    <svg aria-hidden width="18" height="10" viewBox="0 0 18 10" style={{ verticalAlign: 'middle', marginRight: 4 }}>
      {series.kind === 'bar' ? (
        <rect x="4" y="0" width="10" height="10" rx="2" fill={color} />
      ) : (
        <line x1="0" y1="5" x2="18" y2="5" stroke={color} strokeWidth="2" strokeDasharray={series.dash?.join(' ')} />
      )}
    </svg>
  );
}
