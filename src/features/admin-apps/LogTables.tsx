import { Code, Table } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DataTable } from '../../components/DataTable';
import { ListState } from '../../components/ListState';
import { Pager } from '../../components/Pager';
import { formatDateTime, formatMoney } from '../../lib/format';
import { ApiError } from '../../lib/api';
import { activityQuery, LOG_PAGE_SIZE, usageQuery } from './api';

/** SPEC §8: '{error} ({code})', else 'Could not load server response when trying to list app activity logs'. */
const activityFailure = (err: unknown) =>
  err instanceof ApiError && err.body?.error && err.body.code
    ? `${err.body.error} (${err.body.code})`
    : 'Could not load server response when trying to list app activity logs';

/** 'v1.0.0 · author-approved → approved · rejectionNote: …' (jsonb keeps no key order, so it is set here). */
function details({ version, from, to, ...rest }: Record<string, unknown>) {
  const parts: string[] = [];
  if (typeof version === 'string') parts.push(`v${version}`);
  if (typeof from === 'string' && typeof to === 'string') parts.push(`${from} → ${to}`);
  for (const [k, v] of Object.entries(rest).sort(([a], [b]) => a.localeCompare(b))) {
    if (v !== '' && v !== undefined && v !== null) parts.push(`${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
  }
  return parts.join(' · ');
}

type Page<T> = { data: T[]; meta: { total: number } };

/** A table paged 5 at a time from `limit`/`offset`, with its loading, error and empty states. */
function PagedTable<T extends { id: string }>({
  page,
  error,
  onPage,
  caption,
  headers,
  row,
  ...states
}: {
  page: { data: Page<T> | undefined; isPending: boolean; number: number };
  error: unknown;
  onPage: (page: number) => void;
  caption: string;
  headers: string[];
  row: (item: T) => ReactNode[];
  loading: string;
  emptyTitle: string;
  emptyText: string;
}) {
  const { data } = page;
  return (
    <ListState isPending={page.isPending} error={error} empty={data?.meta.total === 0} {...states}>
      {data && (
        <>
          <DataTable caption={caption}>
            <Table.Header>
              <Table.Row>
                {headers.map((h) => (
                  <Table.ColumnHeaderCell key={h}>{h}</Table.ColumnHeaderCell>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.data.map((item) => {
                const [first, ...rest] = row(item);
                return (
                  <Table.Row key={item.id}>
                    <Table.RowHeaderCell>{first}</Table.RowHeaderCell>
                    {rest.map((cell, i) => (
                      <Table.Cell key={i}>{cell}</Table.Cell>
                    ))}
                  </Table.Row>
                );
              })}
            </Table.Body>
          </DataTable>
          <Pager page={page.number} size={LOG_PAGE_SIZE} total={data.meta.total} onPage={onPage} />
        </>
      )}
    </ListState>
  );
}

/** Staff actions on the app, newest first, 5 per page. */
export function ActivityLogTable({ appId }: { appId: string }) {
  const [number, setPage] = useState(1);
  const { data, isPending, error } = useQuery(activityQuery(appId, number));
  return (
    <PagedTable
      page={{ data, isPending, number }}
      error={error ? new ApiError(0, { error: activityFailure(error) }) : null}
      onPage={setPage}
      caption="Activity log"
      headers={['When', 'Who', 'Action', 'Details']}
      row={(log) => [
        formatDateTime(log.when),
        log.userExtra.name,
        <Code variant="ghost">{log.action}</Code>,
        details(log.actionExtra) || '–',
      ]}
      loading="Loading the activity log…"
      emptyTitle="No activity yet"
      emptyText="Every staff action on this app is written here: who, what, when and the details."
    />
  );
}

/** Usage records (usage-based billing), newest first, 5 per page. */
export function UsageTable({ appId }: { appId: string }) {
  const [number, setPage] = useState(1);
  const { data, isPending, error } = useQuery(usageQuery(appId, number));
  return (
    <PagedTable
      page={{ data, isPending, number }}
      error={error}
      onPage={setPage}
      caption="Usage records"
      headers={['Workspace', 'Billing cycle', 'Items', 'Created']}
      row={(u) => [
        u.workspaceLabel,
        u.billingCycleId,
        u.items.map((i) => `${i.quantity ?? 1} × ${i.description ?? 'item'} at ${formatMoney(i.price)}`).join('; '),
        formatDateTime(u.createdDate),
      ]}
      loading="Loading usage records…"
      emptyTitle="No usage records"
      emptyText="Workspaces' reported usage of this app appears here per billing cycle."
    />
  );
}
