import { Box, Card, Flex, Grid, Link as ThemeLink, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AdminDashboard } from '../../../contract/schemas/reports';
import { DataTable } from '../../components/DataTable';
import { FigureCard } from '../../components/FigureCard';
import { QueryFallback } from '../../components/QueryFallback';
import { ScreenHeader } from '../../components/ScreenHeader';
import { Section } from '../../components/Section';
import { formatMoney } from '../../lib/format';
import { usePermissions } from '../../lib/use-permissions';
import { dashboardQuery } from './api';

export const dashboardText = {
  title: 'Dashboard',
  loading: 'Loading the dashboard…',
  glance: 'Today and this month',
  reviewQueue: 'Review queue',
  waiting: (n: number) => `${n} ${n === 1 ? 'version waits' : 'versions wait'} for review`,
  oldest: (wait: string) => `The oldest has waited ${wait}`,
  nothingWaits: 'Nothing waits',
  openQueue: 'Open the review queue',
  compileFailures: 'Compile failures today',
  openJobs: 'Open the compile jobs',
  installsToday: 'Installs today',
  installsDetail: 'As workspaces reported them, today (UTC)',
  salesToday: 'Sales today',
  salesThisMonth: 'Sales this month',
  sales: (n: number) => `${n} ${n === 1 ? 'sale' : 'sales'}`,
  topApps: 'Top apps this month',
  topHeaders: ['App', 'Publisher', 'Gross', 'Sales', 'Installs'],
  noTopApps: 'No app has sold or been installed this month yet.',
  openReports: 'Open the reports',
};
const T = dashboardText;

/** How long since `since`, in words: less than an hour, 5 hours, 3 days. */
export function waitedFor(since: string, now = Date.now()) {
  const hours = Math.floor((now - Date.parse(since)) / 3_600_000);
  if (hours < 1) return 'less than an hour';
  if (hours < 48) return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * Admin Dashboard (docs/reports.md): the review queue (how many wait, and for how long the oldest has), today's
 * compile failures, installs and sales, this month's sales and best-selling apps, with links to the screens that
 * act on them where the user may open them.
 */
export function Dashboard() {
  const { canUpdate: review, canRead: apps } = usePermissions('system:apps');
  const { canRead: jobs } = usePermissions('system:compileJobs');
  return <DashboardView links={{ review, jobs, apps }} />;
}

/** The dashboard, with links only to the screens the user may open (the review queue, compile jobs, an app). */
export function DashboardView({ links }: { links: { review: boolean; jobs: boolean; apps: boolean } }) {
  const { data, error, isPending } = useQuery(dashboardQuery);
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <ScreenHeader title={T.title}>
        <ThemeLink asChild size="2">
          <Link to="/publisher/admin/reports">{T.openReports}</Link>
        </ThemeLink>
      </ScreenHeader>
      {!data ? (
        <QueryFallback error={error} isPending={isPending} loading={T.loading} />
      ) : (
        <Flex direction="column" gap="5">
          <Glance data={data} links={links} />
          <Section title={T.topApps}>
            {data.topApps.length === 0 ? (
              <Card>
                <Text color="gray">{T.noTopApps}</Text>
              </Card>
            ) : (
              <DataTable caption={T.topApps}>
                <Table.Header>
                  <Table.Row>
                    {T.topHeaders.map((h, i) => (
                      <Table.ColumnHeaderCell key={h} justify={i > 1 ? 'end' : undefined}>
                        {h}
                      </Table.ColumnHeaderCell>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.topApps.map((a) => (
                    <Table.Row key={a.appId}>
                      <Table.RowHeaderCell>
                        {links.apps ? (
                          <ThemeLink asChild>
                            <Link to="/publisher/admin/apps/$id" params={{ id: a.appId }}>
                              {a.appName}
                            </Link>
                          </ThemeLink>
                        ) : (
                          a.appName
                        )}
                      </Table.RowHeaderCell>
                      <Table.Cell>{a.publisherName}</Table.Cell>
                      <Table.Cell justify="end">{formatMoney(a.gross)}</Table.Cell>
                      <Table.Cell justify="end">{a.sales}</Table.Cell>
                      <Table.Cell justify="end">{a.installs}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </DataTable>
            )}
          </Section>
        </Flex>
      )}
    </Box>
  );
}

function Glance({ data, links }: { data: AdminDashboard; links: { review: boolean; jobs: boolean } }) {
  const { reviewQueue: queue } = data;
  return (
    <Grid asChild columns={{ initial: '2', md: '3' }} gap="3">
      <ul aria-label={T.glance} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        <FigureCard label={T.reviewQueue} value={String(queue.waiting)}>
          <Text as="p" size="1" color="gray">
            {queue.oldestSince ? T.oldest(waitedFor(queue.oldestSince)) : T.nothingWaits}
          </Text>
          {links.review && (
            <ThemeLink asChild size="2">
              <Link to="/publisher/admin/reviews">{T.openQueue}</Link>
            </ThemeLink>
          )}
        </FigureCard>
        <FigureCard label={T.compileFailures} value={String(data.compileFailuresToday)}>
          {links.jobs && (
            <ThemeLink asChild size="2">
              <Link to="/publisher/admin/jobs">{T.openJobs}</Link>
            </ThemeLink>
          )}
        </FigureCard>
        <FigureCard label={T.installsToday} value={String(data.installsToday)}>
          <Text as="p" size="1" color="gray">
            {T.installsDetail}
          </Text>
        </FigureCard>
        <FigureCard label={T.salesToday} value={formatMoney(data.salesToday.gross)}>
          <Text as="p" size="1" color="gray">
            {T.sales(data.salesToday.count)}
          </Text>
        </FigureCard>
        <FigureCard label={T.salesThisMonth} value={formatMoney(data.salesThisMonth.gross)}>
          <Text as="p" size="1" color="gray">
            {T.sales(data.salesThisMonth.count)}
          </Text>
        </FigureCard>
      </ul>
    </Grid>
  );
}
