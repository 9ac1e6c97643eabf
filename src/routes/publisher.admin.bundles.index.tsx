import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AdminAppsList } from '../features/admin-apps/AdminAppsList';
import { requireSystemRead } from '../lib/admin-access';
import { pageParam, textParam } from '../lib/search';

export const Route = createFileRoute('/publisher/admin/bundles/')({
  validateSearch: (s: { page?: unknown; q?: unknown } & SearchSchemaInput) => ({ page: pageParam(s.page), q: textParam(s.q, 100) }),
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:bundles', 'bundles'),
  component: function AdminBundles() {
    const { page, q } = Route.useSearch();
    const navigate = Route.useNavigate();
    const onSearch = useCallback((search: { page: number; q: string }) => void navigate({ search, replace: true }), [navigate]);
    return <AdminAppsList kind="bundles" page={page} q={q} onSearch={onSearch} />;
  },
});
