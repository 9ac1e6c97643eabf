import { PlusIcon, ReloadIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex, Link as ThemeLink } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ListState } from '../../components/ListState';
import { Pager } from '../../components/Pager';
import { ExportButton } from '../../components/purchases/ExportButton';
import { PurchasesTable } from '../../components/purchases/PurchasesTable';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useTablePageSize } from '../../lib/page-size';
import { purchaseRecordsQuery } from './api';
import { PurchaseRecordDialog } from './PurchaseRecordDialog';
import { recordsText } from './strings';

const CreatePurchaseDrawer = lazy(() => import('./CreatePurchaseDrawer'));
/** SPEC §3: the modal's data is cleared 500 ms after it closes (it stays on screen while it fades). */
export const CLEAR_AFTER_CLOSE_MS = 500;

/**
 * The list's page and order, and what is open over it: `new` (Create Purchase Record), `edit` (Edit Subscription of
 * the record whose id it is, over its information).
 */
export type RecordsSearch = { page: number; order: 'desc' | 'asc'; new?: 1; edit?: string };
/** Where to go from the list: the record shown (the route's), and the drawer or dialog open over it, if any. */
export type RecordsShown = { purchaseId?: string; new?: 1; edit?: string };

/**
 * SPEC §3 Admin purchase records: the title with the total; App Name, Created (sortable, newest first),
 * Pricing Info, Details (the record's route, which opens its modal); Create (with create permission),
 * Refresh; a page sized to the window, recomputed 300 ms after a resize.
 */
export function PurchaseRecordsList({
  search,
  purchaseId,
  can,
  onSearch,
  onShow,
}: {
  search: RecordsSearch;
  purchaseId: string | undefined;
  can: { create: boolean; update: boolean; delete: boolean };
  onSearch: (next: RecordsSearch) => void;
  /** `replace`: instead of a step in the history (closing a drawer, or the record made in it shown in its place). */
  onShow: (shown: RecordsShown, replace?: boolean) => void;
}) {
  const size = useTablePageSize();
  const { data, isPending, error, refetch, isFetching } = useQuery(purchaseRecordsQuery(search.page, size, search.order));
  // The record shown in the modal: the route's, kept for 500 ms after the route drops it.
  const [shown, setShown] = useState(purchaseId);
  useEffect(() => {
    if (purchaseId) return setShown(purchaseId);
    const timer = setTimeout(() => setShown(undefined), CLEAR_AFTER_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [purchaseId]);
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <ScreenHeader title={recordsText.title(data?.meta.total)}>
        <Flex gap="2" wrap="wrap">
          {can.create && (
            <Button onClick={() => onShow({ new: 1 })}>
              <PlusIcon aria-hidden /> Create
            </Button>
          )}
          <ExportButton path={`/admin/purchases/export?order=${search.order}`} name="purchase-records.csv" />
          <Button variant="soft" onClick={() => void refetch()} loading={isFetching && !isPending}>
            <ReloadIcon aria-hidden /> Refresh
          </Button>
        </Flex>
      </ScreenHeader>
      <ListState
        isPending={isPending}
        error={error}
        empty={data?.meta.total === 0}
        loading="Loading the purchase records…"
        emptyTitle="No purchase records yet"
        emptyText="Purchases and subscriptions of every app appear here; Create marks an app as purchased by a workspace."
      >
        {data && (
          <>
            <PurchasesTable
              caption="Purchase records"
              purchases={data.data}
              sort={{ order: search.order, onToggle: () => onSearch({ page: 1, order: search.order === 'desc' ? 'asc' : 'desc' }) }}
              details={(p) => (
                <ThemeLink asChild>
                  <Link
                    to="/publisher/admin/purchases/{-$purchaseId}"
                    params={{ purchaseId: p._id }}
                    search={{ page: search.page, order: search.order }}
                    aria-label={`Details of ${p.appName}, ${p.date}`}
                  >
                    Details
                  </Link>
                </ThemeLink>
              )}
            />
            <Pager page={search.page} size={size} total={data.meta.total} onPage={(page) => onSearch({ ...search, page })} />
          </>
        )}
      </ListState>
      {shown && (
        <PurchaseRecordDialog
          key={shown}
          id={shown}
          open={!!purchaseId}
          canUpdate={can.update}
          canDelete={can.delete}
          editing={!!purchaseId && search.edit === purchaseId}
          onEditing={(open) => onShow(open ? { purchaseId: shown, edit: shown } : { purchaseId: shown }, !open)}
          onClose={() => onShow({})}
        />
      )}
      <Suspense>
        {can.create && search.new === 1 && (
          <CreatePurchaseDrawer onClose={() => onShow({}, true)} onCreated={(record) => onShow({ purchaseId: record._id }, true)} />
        )}
      </Suspense>
    </Box>
  );
}
