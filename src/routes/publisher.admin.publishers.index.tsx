import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PublishersList } from '../features/admin-publishers/PublishersList';
import { requireSystemRead } from '../lib/admin-access';
import { pageParam, textParam } from '../lib/search';
import { usePermissions } from '../lib/use-permissions';

export const Route = createFileRoute('/publisher/admin/publishers/')({
  validateSearch: (s: { page?: unknown; q?: unknown } & SearchSchemaInput) => ({ page: pageParam(s.page), q: textParam(s.q, 100) }),
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:publishers', 'publishers'),
  component: function AdminPublishers() {
    const { page, q } = Route.useSearch();
    const navigate = Route.useNavigate();
    const { canUpdate } = usePermissions('system:publishers');
    const onSearch = useCallback((search: { page: number; q: string }) => void navigate({ search, replace: true }), [navigate]);
    return <PublishersList page={page} q={q} canUpdate={canUpdate} onSearch={onSearch} />;
  },
});
