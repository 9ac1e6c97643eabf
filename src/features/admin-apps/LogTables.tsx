import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PagedTable } from '../../components/PagedTable';
import { formatDateTime, formatMoney } from '../../lib/format';
import { ApiError } from '../../lib/api';
import { activityQuery, LOG_PAGE_SIZE, usageQuery } from './api';
import { appActivitySentence } from './app-activity-sentences';

/** SPEC §8: '{error} ({code})', else 'Could not load server response when trying to list app activity logs'. */
const activityFailure = (err: unknown) =>
  err instanceof ApiError && err.body?.error && err.body.code
    ? `${err.body.error} (${err.body.code})`
    : 'Could not load server response when trying to list app activity logs';

/** Staff actions on the app in sentences ("Approved v1.0.0 (was compiled)."), newest first, 5 per page. */
export function ActivityLogTable({ appId }: { appId: string }) {
  const [number, setPage] = useState(1);
  const { data, isPending, error } = useQuery(activityQuery(appId, number));
  return (
    <PagedTable
      page={{ data, isPending, number, size: LOG_PAGE_SIZE }}
      error={error ? new ApiError(0, { error: activityFailure(error) }) : null}
      onPage={setPage}
      caption="Activity log"
      headers={['When', 'Who', 'What']}
      row={(log) => [formatDateTime(log.when), log.userExtra.name, appActivitySentence(log.action, log.actionExtra)]}
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
      page={{ data, isPending, number, size: LOG_PAGE_SIZE }}
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
