import { ReloadIcon } from '@radix-ui/react-icons';
import { Box, Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { REPORT_TEXT } from '../../../contract/schemas/reports-text';
import { QueryFallback } from '../../components/QueryFallback';
import { ScreenHeader } from '../../components/ScreenHeader';
import { exportPath, reportKeys, summaryQuery, type Range, type Scope } from './api';
import { isEmptyReport } from './charts';
import { Charts } from './Charts';
import { DownloadCsv } from './DownloadCsv';
import { Figures } from './Figures';
import { Filters, type FilterChange } from './Filters';
import { resolveRange, today } from './range';
import { ReportTables } from './ReportTables';
import type { ReportsSearch } from './search';
import { reportsText as T } from './text';

/**
 * Reports (docs/reports.md): the range's headline figures, its charts (each with its table) and the tables behind
 * them — a publisher's own, or for staff (`scope` admin) the marketplace's, optionally one publisher's. Every
 * choice is in the URL (`search`), so a refresh or a shared link shows the same report.
 */
export function ReportsScreen({
  scope,
  search,
  onSearch,
}: {
  scope: Scope;
  search: ReportsSearch;
  /** `replace`: instead of a step in the history (a custom day as it is typed). */
  onSearch: (next: ReportsSearch, replace?: boolean) => void;
}) {
  // Today as the screen opened: a report open over midnight keeps its days until a filter changes.
  const [on] = useState(today);
  const resolved = resolveRange(search, on);
  const range: Range = { from: resolved.from, to: resolved.to, appId: search.app, publisherId: scope === 'admin' ? search.publisher : undefined };
  const ok = !resolved.error;
  const summary = useQuery({ ...summaryQuery(scope, range, resolved.group), enabled: ok });
  const queryClient = useQueryClient();
  const figuresId = useId();
  const chartsId = useId();
  const change = (c: FilterChange, replace?: boolean) => onSearch({ ...search, ...c, page: undefined }, replace);
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <ScreenHeader title={REPORT_TEXT.title}>
        <Flex gap="2" wrap="wrap">
          {ok && <DownloadCsv what={T.figuresCsv} name={`report-${range.from}-${range.to}.csv`} path={exportPath(scope, 'summary', range, resolved.group)} />}
          <Button
            variant="soft"
            loading={summary.isFetching && !summary.isPending}
            onClick={() => void queryClient.invalidateQueries({ queryKey: reportKeys.scope(scope) })}
          >
            <ReloadIcon aria-hidden /> {T.refresh}
          </Button>
        </Flex>
      </ScreenHeader>
      <Filters scope={scope} search={search} resolved={resolved} onChange={change} />
      {!ok ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{resolved.error}</Callout.Text>
        </Callout.Root>
      ) : (
        <Flex direction="column" gap="5">
          <section aria-labelledby={figuresId}>
            <Heading as="h2" size="4" mb="2" id={figuresId}>
              {T.figures}
            </Heading>
            {summary.data ? (
              <Figures totals={summary.data.totals} to={summary.data.to} />
            ) : (
              <QueryFallback error={summary.error} isPending={summary.isPending} loading={T.loading} />
            )}
          </section>
          {summary.data && (
            <section aria-labelledby={chartsId}>
              <Heading as="h2" size="4" mb="2" id={chartsId}>
                {T.charts}
              </Heading>
              {isEmptyReport(summary.data) ? (
                <Card size="3">
                  <Text as="p" color="gray" align="center">
                    {REPORT_TEXT.empty}
                  </Text>
                </Card>
              ) : (
                <Charts summary={summary.data} />
              )}
            </section>
          )}
          <ReportTables
            scope={scope}
            range={range}
            tab={search.tab ?? 'transactions'}
            page={search.page ?? 1}
            onTab={(tab) => onSearch({ ...search, tab: tab === 'transactions' ? undefined : tab, page: undefined }, true)}
            onPage={(page) => onSearch({ ...search, page: page === 1 ? undefined : page })}
          />
        </Flex>
      )}
    </Box>
  );
}
