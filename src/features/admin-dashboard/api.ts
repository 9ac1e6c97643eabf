import { queryOptions } from '@tanstack/react-query';
import { tsr, unwrap } from '../../lib/api';

/** The marketplace at a glance (GET /v1/admin/dashboard): read again each minute while the dashboard is open. */
export const dashboardQuery = queryOptions({
  queryKey: ['admin', 'dashboard'] as const,
  queryFn: async () => unwrap(await tsr.admin.reports.dashboard.query()),
  refetchInterval: 60_000,
});
