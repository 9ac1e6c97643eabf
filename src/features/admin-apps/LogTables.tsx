import { Code, Table } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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

/** Staff actions on the app, newest first, 5 per page. */
export function ActivityLogTable({ appId }: { appId: string }) {
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useQuery(activityQuery(appId, page));
  return (
    <ListState
      isPending={isPending}
      error={error ? new ApiError(0, { error: activityFailure(error) }) : null}
      empty={data?.meta.total === 0}
      loading="Loading the activity log…"
      emptyTitle="No activity yet"
      emptyText="Every staff action on this app is written here: who, what, when and the details."
    >
      {data && (
        <>
          <DataTable caption="Activity log">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Who</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Action</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Details</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.data.map((log) => (
                <Table.Row key={log.id}>
                  <Table.RowHeaderCell>{formatDateTime(log.when)}</Table.RowHeaderCell>
                  <Table.Cell>{log.userExtra.name}</Table.Cell>
                  <Table.Cell>
                    <Code variant="ghost">{log.action}</Code>
                  </Table.Cell>
                  <Table.Cell>{details(log.actionExtra) || '–'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </DataTable>
          <Pager page={page} size={LOG_PAGE_SIZE} total={data.meta.total} onPage={setPage} />
        </>
      )}
    </ListState>
  );
}

/** Usage records (usage-based billing), newest first, 5 per page. */
export function UsageTable({ appId }: { appId: string }) {
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useQuery(usageQuery(appId, page));
  return (
    <ListState
      isPending={isPending}
      error={error}
      empty={data?.meta.total === 0}
      loading="Loading usage records…"
      emptyTitle="No usage records"
      emptyText="Workspaces' reported usage of this app appears here per billing cycle."
    >
      {data && (
        <>
          <DataTable caption="Usage records">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Workspace</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Billing cycle</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Items</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Created</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.data.map((u) => (
                <Table.Row key={u.id}>
                  <Table.RowHeaderCell>{u.workspaceLabel}</Table.RowHeaderCell>
                  <Table.Cell>{u.billingCycleId}</Table.Cell>
                  <Table.Cell>
                    {u.items
                      .map((i) => `${i.quantity ?? 1} × ${i.description ?? 'item'} at ${formatMoney(i.price)}`)
                      .join('; ')}
                  </Table.Cell>
                  <Table.Cell>{formatDateTime(u.createdDate)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </DataTable>
          <Pager page={page} size={LOG_PAGE_SIZE} total={data.meta.total} onPage={setPage} />
        </>
      )}
    </ListState>
  );
}
