import { ArrowLeftIcon } from '@radix-ui/react-icons';
import { Box, Card, DataList, Flex, Link as ThemeLink, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DataTable } from '../../components/DataTable';
import { ListState } from '../../components/ListState';
import { Pager } from '../../components/Pager';
import { QueryFallback } from '../../components/QueryFallback';
import { ScreenHeader } from '../../components/ScreenHeader';
import { Section } from '../../components/Section';
import { formatMoney } from '../../lib/format';
import { statementExportPath, statementLinesQuery, statementQuery, type Scope } from './api';
import { DownloadCsv } from './DownloadCsv';
import { formatDay } from './range';
import { PayoutStatus, REPORT_PAGE_SIZE, transactionCells } from './ReportTables';
import { reportsText as T } from './text';

/**
 * A payout's statement (docs/reports.md): what it covers (since the previous payout), the balance carried in, the
 * net of its lines, the payout, and what is carried out; then its lines, paged, with their total, and (for the
 * publisher) their CSV.
 */
export function Statement({ scope, id, page, onPage }: { scope: Scope; id: string; page: number; onPage: (page: number) => void }) {
  const statement = useQuery(statementQuery(scope, id));
  const lines = useQuery(statementLinesQuery(scope, id, page, REPORT_PAGE_SIZE));
  const s = statement.data;
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <ThemeLink asChild size="2">
        {scope === 'admin' ? (
          <Link to="/publisher/admin/reports" search={(s) => ({ ...s, tab: 'payouts' as const, page: undefined })}>
            <ArrowLeftIcon aria-hidden /> {T.backToReports}
          </Link>
        ) : (
          <Link to="/publisher/reports" search={(s) => ({ ...s, tab: 'payouts' as const, page: undefined })}>
            <ArrowLeftIcon aria-hidden /> {T.backToReports}
          </Link>
        )}
      </ThemeLink>
      <Box mt="3">
        <ScreenHeader title={s ? T.statementTitle(formatDay(s.payout.createdAt)) : T.statement}>
          {scope === 'publisher' && s && <DownloadCsv what={T.lines.toLowerCase()} name={`statement-${id}.csv`} path={statementExportPath(id)} />}
        </ScreenHeader>
      </Box>
      {!s ? (
        <QueryFallback error={statement.error} isPending={statement.isPending} loading={T.loadingStatement} />
      ) : (
        <Flex direction="column" gap="5">
          <Card size="2">
            <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
              <DataList.Item>
                <DataList.Label>{T.covers}</DataList.Label>
                <DataList.Value>
                  {s.since ? T.coversSince(formatDay(s.since), formatDay(s.payout.createdAt)) : T.coversAll(formatDay(s.payout.createdAt))}
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>{T.carriedIn}</DataList.Label>
                <DataList.Value>{formatMoney(s.carriedIn)}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>{T.linesNet(s.sales, s.refunds)}</DataList.Label>
                <DataList.Value>{formatMoney(s.net)}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>{T.payout}</DataList.Label>
                <DataList.Value>
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text weight="bold">{formatMoney(s.payout.amount)}</Text>
                    <PayoutStatus status={s.payout.status} />
                    {s.payout.expected && (
                      <Text color="gray" size="2">
                        {T.expected} {formatDay(s.payout.expected)}
                      </Text>
                    )}
                  </Flex>
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>{T.carriedOut}</DataList.Label>
                <DataList.Value>
                  <Text weight="bold">{formatMoney(s.carriedOut)}</Text>
                </DataList.Value>
              </DataList.Item>
            </DataList.Root>
          </Card>
          <Section title={T.lines}>
            <ListState
              isPending={lines.isPending}
              error={lines.error}
              empty={lines.data?.meta.total === 0}
              loading={T.loadingRows(T.lines.toLowerCase())}
              emptyTitle={T.emptyTitle(T.lines.toLowerCase())}
              emptyText={T.noLines}
            >
              {lines.data && (
                <>
                  <DataTable caption={T.lines}>
                    <Table.Header>
                      <Table.Row>
                        {T.transactionHeaders.map((h) => (
                          <Table.ColumnHeaderCell key={h}>{h}</Table.ColumnHeaderCell>
                        ))}
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {lines.data.data.map((line) => {
                        const [first, ...rest] = transactionCells(line);
                        return (
                          <Table.Row key={line.id}>
                            <Table.RowHeaderCell>{first}</Table.RowHeaderCell>
                            {rest.map((cell, i) => (
                              <Table.Cell key={i}>{cell}</Table.Cell>
                            ))}
                          </Table.Row>
                        );
                      })}
                      <Table.Row>
                        <Table.RowHeaderCell>
                          <Text weight="bold">{T.total}</Text>
                        </Table.RowHeaderCell>
                        <Table.Cell colSpan={6}>{T.totalLines(s.sales, s.refunds)}</Table.Cell>
                        <Table.Cell>
                          <Text weight="bold">{formatMoney(s.net)}</Text>
                        </Table.Cell>
                        <Table.Cell />
                      </Table.Row>
                    </Table.Body>
                  </DataTable>
                  <Pager page={page} size={REPORT_PAGE_SIZE} total={lines.data.meta.total} onPage={onPage} />
                </>
              )}
            </ListState>
          </Section>
        </Flex>
      )}
    </Box>
  );
}
