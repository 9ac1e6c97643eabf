import { Badge, Button, Flex, Heading, Link as ThemeLink, Table } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { REPORT_TEXT } from '../../../contract/schemas/reports-text';
import type { ReportPayout, ReportTransaction } from '../../../contract/schemas/reports';
import { DataTable } from '../../components/DataTable';
import { ListState } from '../../components/ListState';
import { PagedTable } from '../../components/PagedTable';
import { formatMoney } from '../../lib/format';
import { exportPath, installsQuery, payoutsQuery, transactionsQuery, versionsQuery, type Range, type Scope } from './api';
import { formatCount } from './charts';
import { DownloadCsv } from './DownloadCsv';
import { formatDay } from './range';
import type { ReportTab } from './search';
import { reportsText as T } from './text';

/** Rows a page of a report's table. */
export const REPORT_PAGE_SIZE = 25;
const TABS: ReportTab[] = ['transactions', 'installs', 'versions', 'payouts'];
const STATUS_COLOR = { pending: 'amber', paid: 'green', failed: 'red' } as const;

/** A transaction's cells (the report's table and a statement's lines): date first, the row's header. */
export const transactionCells = (t: ReportTransaction) => [
  formatDay(t.at),
  t.workspaceName,
  t.appName,
  t.plan,
  t.seats ? formatCount(t.seats) : '—',
  formatMoney(t.amount),
  formatMoney(t.fee),
  formatMoney(t.net),
  T.kinds[t.kind],
];

/**
 * What is behind the figures: the range's transactions, install reports, versions and payouts, one table at a time
 * (the one named in the URL), each paged and with its CSV.
 */
export function ReportTables({
  scope,
  range,
  tab,
  page,
  onTab,
  onPage,
}: {
  scope: Scope;
  range: Range;
  tab: ReportTab;
  page: number;
  onTab: (tab: ReportTab) => void;
  onPage: (page: number) => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Heading as="h2" size="4" mb="2" id={id}>
        {T.tables}
      </Heading>
      <Flex gap="2" wrap="wrap" mb="3" role="group" aria-label={T.tables}>
        {TABS.map((t) => (
          <Button key={t} variant={t === tab ? 'solid' : 'soft'} aria-pressed={t === tab} onClick={() => onTab(t)}>
            {T.tabs[t]}
          </Button>
        ))}
      </Flex>
      {tab === 'transactions' && <Transactions scope={scope} range={range} page={page} onPage={onPage} />}
      {tab === 'installs' && <Installs scope={scope} range={range} page={page} onPage={onPage} />}
      {tab === 'versions' && <Versions scope={scope} range={range} />}
      {tab === 'payouts' && <Payouts scope={scope} range={range} page={page} onPage={onPage} />}
    </section>
  );
}

type TableProps = { scope: Scope; range: Range; page: number; onPage: (page: number) => void };
const fileName = (what: string, r: Range) => `${what}-${r.from}-${r.to}.csv`;

function Transactions({ scope, range, page, onPage }: TableProps) {
  const q = useQuery(transactionsQuery(scope, range, page, REPORT_PAGE_SIZE));
  const what = T.tabs.transactions.toLowerCase();
  return (
    <>
      <Flex justify="end" mb="2">
        <DownloadCsv what={what} name={fileName('transactions', range)} path={exportPath(scope, 'transactions', range)} />
      </Flex>
      <PagedTable
        page={{ data: q.data, isPending: q.isPending, number: page, size: REPORT_PAGE_SIZE }}
        error={q.error}
        onPage={onPage}
        caption={T.tabs.transactions}
        headers={[...T.transactionHeaders]}
        row={transactionCells}
        loading={T.loadingRows(what)}
        emptyTitle={T.emptyTitle(what)}
        emptyText={REPORT_TEXT.empty}
      />
    </>
  );
}

function Installs({ scope, range, page, onPage }: TableProps) {
  const q = useQuery(installsQuery(scope, range, page, REPORT_PAGE_SIZE));
  const what = T.tabs.installs.toLowerCase();
  return (
    <>
      <Flex justify="end" mb="2">
        <DownloadCsv what={what} name={fileName('installs', range)} path={exportPath(scope, 'installs', range)} />
      </Flex>
      <PagedTable
        page={{ data: q.data, isPending: q.isPending, number: page, size: REPORT_PAGE_SIZE }}
        error={q.error}
        onPage={onPage}
        caption={T.tabs.installs}
        headers={[...T.installHeaders]}
        row={(e) => [formatDay(e.at), T.actions[e.action], e.workspaceName, e.appName, e.version]}
        loading={T.loadingRows(what)}
        emptyTitle={T.emptyTitle(what)}
        emptyText={REPORT_TEXT.empty}
      />
    </>
  );
}

/** Active workspaces per version at the range's end (all of them: no pages); its CSV is made here, as no route exports it. */
function Versions({ scope, range }: { scope: Scope; range: Range }) {
  const q = useQuery(versionsQuery(scope, range));
  const rows = q.data?.data ?? [];
  const what = T.tabs.versions.toLowerCase();
  const cells = (v: (typeof rows)[number]) => [v.appName, v.version, v.activeWorkspaces, v.installs, v.updates, v.uninstalls].map(String);
  return (
    <>
      <Flex justify="end" mb="2">
        <DownloadCsv what={what} name={fileName('versions', range)} rows={() => [[...T.versionHeaders], ...rows.map(cells)]} />
      </Flex>
      <ListState
        isPending={q.isPending}
        error={q.error}
        empty={rows.length === 0}
        loading={T.loadingRows(what)}
        emptyTitle={T.emptyTitle(what)}
        emptyText={REPORT_TEXT.empty}
      >
        <DataTable caption={T.tabs.versions}>
          <Table.Header>
            <Table.Row>
              {T.versionHeaders.map((h, i) => (
                <Table.ColumnHeaderCell key={h} justify={i > 1 ? 'end' : undefined}>
                  {h}
                </Table.ColumnHeaderCell>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((v) => (
              <Table.Row key={`${v.appId}@${v.version}`}>
                <Table.RowHeaderCell>{v.appName}</Table.RowHeaderCell>
                <Table.Cell>{v.version}</Table.Cell>
                {[v.activeWorkspaces, v.installs, v.updates, v.uninstalls].map((n, i) => (
                  <Table.Cell key={i} justify="end">
                    {formatCount(n)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </DataTable>
      </ListState>
    </>
  );
}

/** A payout's status as a badge (colour and word). */
export const PayoutStatus = ({ status }: { status: ReportPayout['status'] }) => <Badge color={STATUS_COLOR[status]}>{T.statuses[status]}</Badge>;

function Payouts({ scope, range, page, onPage }: TableProps) {
  const q = useQuery(payoutsQuery(scope, range, page, REPORT_PAGE_SIZE));
  const what = T.tabs.payouts.toLowerCase();
  return (
    <PagedTable
      page={{ data: q.data, isPending: q.isPending, number: page, size: REPORT_PAGE_SIZE }}
      error={q.error}
      onPage={onPage}
      caption={T.tabs.payouts}
      headers={[...T.payoutHeaders]}
      row={(p) => [
        formatDay(p.createdAt),
        formatMoney(p.amount),
        <PayoutStatus key="status" status={p.status} />,
        p.expected ? formatDay(p.expected) : '—',
        <ThemeLink key="statement" asChild>
          {scope === 'admin' ? (
            <Link
              to="/publisher/admin/reports/payouts/$payoutId"
              params={{ payoutId: p.id }}
              search={(s) => ({ ...s, page: undefined })}
              aria-label={T.statementOf(formatDay(p.createdAt))}
            >
              {T.statementLink}
            </Link>
          ) : (
            <Link
              to="/publisher/reports/payouts/$payoutId"
              params={{ payoutId: p.id }}
              search={(s) => ({ ...s, page: undefined })}
              aria-label={T.statementOf(formatDay(p.createdAt))}
            >
              {T.statementLink}
            </Link>
          )}
        </ThemeLink>,
      ]}
      loading={T.loadingRows(what)}
      emptyTitle={T.emptyTitle(what)}
      emptyText={REPORT_TEXT.empty}
    />
  );
}
