import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PublishersList } from '../features/admin-publishers/PublishersList';
import { requireSystemRead } from '../lib/admin-access';
import { tablePageSize } from '../lib/page-size';
import { dialogStep, optionalBounded, pageParam, textParam } from '../lib/search';
import { usePermissions } from '../lib/use-permissions';

// The page, the name searched for, and `?edit=<id>`: the Edit Publisher drawer of that publisher is open (a refresh or
// the back button keeps it); plain functions, as every route's search.
const publishersSearch = (s: { page?: unknown; q?: unknown; edit?: unknown } & SearchSchemaInput): { page: number; q: string; edit?: string } => ({
  page: pageParam(s.page),
  q: textParam(s.q, 100),
  edit: optionalBounded(s.edit, 64),
});

export const Route = createFileRoute('/publisher/admin/publishers/')({
  validateSearch: publishersSearch,
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:publishers', 'publishers'),
  // The list's request starts beside the screen's code (its query options load with it), never awaited: the screen
  // shows its own loading state.
  loaderDeps: ({ search }) => ({ page: search.page, q: search.q }),
  loader: ({ context, deps }) =>
    void import('../features/admin-publishers/api').then(({ adminPublishersQuery }) =>
      context.queryClient.prefetchQuery(adminPublishersQuery(deps.page, tablePageSize(), deps.q)),
    ),
  component: function AdminPublishers() {
    const { page, q, edit } = Route.useSearch();
    const navigate = Route.useNavigate();
    const { canUpdate } = usePermissions('system:publishers');
    const onSearch = useCallback((search: { page: number; q: string }) => void navigate({ search, replace: true }), [navigate]);
    // Opening the drawer is a step in the history (back closes it); closing replaces it. The page keeps its scroll.
    const onEdit = useCallback((id: string | undefined) => void navigate({ search: (prev) => ({ ...prev, edit: id }), ...dialogStep(!!id) }), [navigate]);
    return <PublishersList page={page} q={q} edit={edit} canUpdate={canUpdate} onSearch={onSearch} onEdit={onEdit} />;
  },
});
