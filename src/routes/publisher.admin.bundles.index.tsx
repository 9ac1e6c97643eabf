import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AdminAppsList } from '../features/admin-apps/AdminAppsList';
import { requireSystemRead } from '../lib/admin-access';
import { tablePageSize } from '../lib/page-size';
import { pageParam, textParam } from '../lib/search';

export const Route = createFileRoute('/publisher/admin/bundles/')({
  validateSearch: (s: { page?: unknown; q?: unknown } & SearchSchemaInput) => ({ page: pageParam(s.page), q: textParam(s.q, 100) }),
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:bundles', 'bundles'),
  // The list's request starts beside the screen's code (its query options load with it), never awaited: the screen
  // shows its own loading state.
  loaderDeps: ({ search }) => ({ page: search.page, q: search.q }),
  loader: ({ context, deps }) =>
    void import('../features/admin-apps/api').then(({ adminBundlesQuery }) =>
      context.queryClient.prefetchQuery(adminBundlesQuery(deps.page, tablePageSize(), deps.q)),
    ),
  component: function AdminBundles() {
    const { page, q } = Route.useSearch();
    const navigate = Route.useNavigate();
    const onSearch = useCallback((search: { page: number; q: string }) => void navigate({ search, replace: true }), [navigate]);
    return <AdminAppsList kind="bundles" page={page} q={q} onSearch={onSearch} />;
  },
});
