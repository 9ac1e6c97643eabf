import { createFileRoute } from '@tanstack/react-router';
import { AppsList } from '../features/apps/AppsList';
import { appsListQuery } from '../features/apps/api';
import { tablePageSize } from '../lib/page-size';
import { pageSearch } from '../lib/search';
import { usePermissions } from '../lib/use-permissions';

export const Route = createFileRoute('/publisher/apps/')({
  // Where most visits start (and `/` leads): in the entry, so the first paint waits for no chunk.
  codeSplitGroupings: [],
  validateSearch: pageSearch,
  // The list's request starts beside the screen's code, not after it (never awaited: the screen shows its
  // own loading state).
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(appsListQuery(deps.page, tablePageSize())),
  component: function Apps() {
    const { page } = Route.useSearch();
    const navigate = Route.useNavigate();
    const { canCreate } = usePermissions('app');
    return <AppsList page={page} canCreate={canCreate} onPage={(p) => void navigate({ search: { page: p } })} />;
  },
});
