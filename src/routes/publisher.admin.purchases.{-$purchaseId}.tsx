import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PurchaseRecordsList, type RecordsSearch } from '../features/admin-purchases/PurchaseRecordsList';
import { requireSystemRead } from '../lib/admin-access';
import { pageParam } from '../lib/search';
import { usePermissions } from '../lib/use-permissions';

export const Route = createFileRoute('/publisher/admin/purchases/{-$purchaseId}')({
  validateSearch: (s: { page?: unknown; order?: unknown } & SearchSchemaInput): RecordsSearch => ({
    page: pageParam(s.page),
    order: s.order === 'asc' ? 'asc' : 'desc',
  }),
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:purchaseRecords', 'purchase records'),
  component: function PurchaseRecords() {
    const search = Route.useSearch();
    const { purchaseId } = Route.useParams();
    const navigate = Route.useNavigate();
    const { canCreate, canUpdate, canDelete } = usePermissions('system:purchaseRecords');
    const onSearch = useCallback((next: RecordsSearch) => void navigate({ params: { purchaseId: undefined }, search: next }), [navigate]);
    const onOpen = useCallback((id: string | undefined) => void navigate({ params: { purchaseId: id }, search: (s) => s }), [navigate]);
    return (
      <PurchaseRecordsList
        search={search}
        purchaseId={purchaseId}
        can={{ create: canCreate, update: canUpdate, delete: canDelete }}
        onSearch={onSearch}
        onOpen={onOpen}
      />
    );
  },
});
