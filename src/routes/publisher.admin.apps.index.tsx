import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { z } from 'zod';
import { AdminAppsList } from '../features/admin-apps/AdminAppsList';
import { requireSystemRead } from '../lib/admin-access';

export const Route = createFileRoute('/publisher/admin/apps/')({
  validateSearch: z.object({
    page: z.coerce.number().int().min(1).catch(1).default(1),
    q: z.string().max(100).catch('').default(''),
  }),
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:apps', 'apps'),
  component: function AdminApps() {
    const { page, q } = Route.useSearch();
    const navigate = Route.useNavigate();
    const onSearch = useCallback((search: { page: number; q: string }) => void navigate({ search, replace: true }), [navigate]);
    return <AdminAppsList page={page} q={q} onSearch={onSearch} />;
  },
});
