import { createFileRoute } from '@tanstack/react-router';
import { PurchasesList } from '../features/purchases/PurchasesList';
import { tablePageSize } from '../lib/page-size';
import { pageSearch } from '../lib/search';

export const Route = createFileRoute('/publisher/purchases')({
  validateSearch: pageSearch,
  // The list's request starts beside the screen's code (its query options load with it), never awaited: the
  // screen shows its own loading state.
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) =>
    void import('../features/purchases/api').then(({ publisherPurchasesQuery }) =>
      context.queryClient.prefetchQuery(publisherPurchasesQuery(deps.page, tablePageSize())),
    ),
  component: function Purchases() {
    const { page } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <PurchasesList page={page} onPage={(p) => void navigate({ search: { page: p } })} />;
  },
});
