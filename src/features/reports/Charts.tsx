import { Box, Card, Flex, Grid, Heading, Table, Text } from '@radix-ui/themes';
import { lazy, Suspense, useId, useMemo } from 'react';
import type { ReportSummary } from '../../../contract/schemas/reports';
import { DataTable } from '../../components/DataTable';
import { chartsOf, formatValue, type ChartSpec } from './charts';
import { Swatch } from './Swatch';
import { reportsText as T } from './text';

// The charting library (uPlot) and the code that drives it load with the first chart, never with the first screen.
const TimeChart = lazy(() => import('./TimeChart'));
/** TimeChart's CHART_HEIGHT, known here without loading its chunk: the placeholder keeps the page from jumping. */
const PLACEHOLDER_HEIGHT = 220;

/** The report's four charts, two a row where there is room, each with its table. */
export function Charts({ summary }: { summary: ReportSummary }) {
  const charts = useMemo(() => chartsOf(summary), [summary]);
  return (
    <Grid columns={{ initial: '1', md: '2' }} gap="4">
      {charts.map((c) => (
        <ChartFigure key={c.id} chart={c} group={summary.group} />
      ))}
    </Grid>
  );
}

/** A chart: its title, legend, the picture, and "Show as table" with every period's numbers. */
export function ChartFigure({ chart, group }: { chart: ChartSpec; group: string }) {
  const id = useId();
  return (
    <Card asChild style={{ minWidth: 0 }}>
      <figure aria-labelledby={id} style={{ margin: 0 }}>
        <Flex direction="column" gap="2" minWidth="0">
          <Heading as="h3" size="3" id={id}>
            {chart.title}
          </Heading>
          <Flex gap="3" wrap="wrap">
            {chart.series.map((s) => (
              <Text size="1" key={s.key}>
                <Swatch series={s} />
                {s.label}
              </Text>
            ))}
          </Flex>
          <Suspense fallback={<Box style={{ height: PLACEHOLDER_HEIGHT }} />}>
            <TimeChart chart={chart} />
          </Suspense>
          <details style={{ minWidth: 0 }}>
            <summary>
              <Text size="2">{T.showTable}</Text>
            </summary>
            <Box mt="2" style={{ contain: 'inline-size' }}>
              <DataTable caption={T.perPeriod(chart.title, group)} size="1">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>{T.period}</Table.ColumnHeaderCell>
                    {chart.series.map((s) => (
                      <Table.ColumnHeaderCell key={s.key} justify="end">
                        {s.label}
                      </Table.ColumnHeaderCell>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {chart.periodLabels.map((label, i) => (
                    <Table.Row key={label}>
                      <Table.RowHeaderCell>{label}</Table.RowHeaderCell>
                      {chart.series.map((s) => (
                        <Table.Cell key={s.key} justify="end">
                          {formatValue(s.unit, s.values[i] ?? 0)}
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Table.Body>
              </DataTable>
            </Box>
          </details>
        </Flex>
      </figure>
    </Card>
  );
}
