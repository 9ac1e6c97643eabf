import { createFileRoute } from '@tanstack/react-router';
import { BundlesGate } from '../features/bundles/BundlesGate';
import { BundlesList } from '../features/bundles/BundlesList';
import { tablePageSize } from '../lib/page-size';
import { pageSearch } from '../lib/search';

export const Route = createFileRoute('/publisher/bundles/')({
  validateSearch: pageSearch,
  // The list's request starts beside the screen's code (its query options load with it), never awaited: the
  // screen shows its own loading state. Not for a publisher without bundles (the gate sends them away).
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) => {
    if (!context.account.publisher?.canCreateBundles) return;
    void import('../features/bundles/api').then(({ bundlesQuery }) => context.queryClient.prefetchQuery(bundlesQuery(deps.page, tablePageSize())));
  },
  component: function Bundles() {
    const { page } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <BundlesGate>
        <BundlesList page={page} onPage={(p) => void navigate({ search: { page: p } })} />
      </BundlesGate>
    );
  },
});
