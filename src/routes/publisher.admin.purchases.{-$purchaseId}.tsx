import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PurchaseRecordsList, type RecordsSearch, type RecordsShown } from '../features/admin-purchases/PurchaseRecordsList';
import { requireSystemRead } from '../lib/admin-access';
import { tablePageSize } from '../lib/page-size';
import { flagParam, optionalBounded, pageParam } from '../lib/search';
import { usePermissions } from '../lib/use-permissions';

// The page and order, and what is open over the list (a refresh or the back button keeps it): `?new=1` (Create
// Purchase Record), `?edit=<id>` (Edit Subscription of the record open); plain functions, as every route's search.
const recordsSearch = (s: { page?: unknown; order?: unknown; new?: unknown; edit?: unknown } & SearchSchemaInput): RecordsSearch => ({
  page: pageParam(s.page),
  order: s.order === 'asc' ? 'asc' : 'desc',
  new: flagParam(s.new),
  edit: optionalBounded(s.edit, 64),
});

export const Route = createFileRoute('/publisher/admin/purchases/{-$purchaseId}')({
  validateSearch: recordsSearch,
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:purchaseRecords', 'purchase records'),
  // The list's request starts beside the screen's code (its query options load with it), never awaited: the screen
  // shows its own loading state.
  loaderDeps: ({ search }) => ({ page: search.page, order: search.order }),
  loader: ({ context, deps }) =>
    void import('../features/admin-purchases/api').then(({ purchaseRecordsQuery }) =>
      context.queryClient.prefetchQuery(purchaseRecordsQuery(deps.page, tablePageSize(), deps.order)),
    ),
  component: function PurchaseRecords() {
    const search = Route.useSearch();
    const { purchaseId } = Route.useParams();
    const navigate = Route.useNavigate();
    const { canCreate, canUpdate, canDelete } = usePermissions('system:purchaseRecords');
    const onSearch = useCallback((next: RecordsSearch) => void navigate({ params: { purchaseId: undefined }, search: next }), [navigate]);
    // The list's page and order stay. Opening the drawer or Edit Subscription is a step in the history (back closes
    // it), closing it replaces it; neither scrolls the page. A record opens and closes as a step, as it always did.
    const onShow = useCallback(
      ({ purchaseId: id, new: creating, edit }: RecordsShown, replace = false) =>
        void navigate({
          params: { purchaseId: id },
          search: (s) => ({ page: s.page, order: s.order, new: creating, edit }),
          replace,
          resetScroll: !(creating || edit || replace),
        }),
      [navigate],
    );
    return (
      <PurchaseRecordsList
        search={search}
        purchaseId={purchaseId}
        can={{ create: canCreate, update: canUpdate, delete: canDelete }}
        onSearch={onSearch}
        onShow={onShow}
      />
    );
  },
});
