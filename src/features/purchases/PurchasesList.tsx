import { ReloadIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { ListState } from '../../components/ListState';
import { Pager } from '../../components/Pager';
import { ExportButton } from '../../components/purchases/ExportButton';
import { PurchasesTable } from '../../components/purchases/PurchasesTable';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useTablePageSize } from '../../lib/page-size';
import { publisherPurchasesQuery } from './api';

/** SPEC §3 Publisher purchases: who bought which of the publisher's apps and when, newest first; Refresh. */
export function PurchasesList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const size = useTablePageSize();
  const { data, isPending, error, refetch, isFetching } = useQuery(publisherPurchasesQuery(page, size));
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <ScreenHeader title="Purchases">
        <Flex gap="2">
          <ExportButton path="/publisher/purchases/export" name="purchases.csv" />
          <Button variant="soft" onClick={() => void refetch()} loading={isFetching && !isPending}>
            <ReloadIcon aria-hidden /> Refresh
          </Button>
        </Flex>
      </ScreenHeader>
      <ListState
        isPending={isPending}
        error={error}
        empty={data?.meta.total === 0}
        loading="Loading the purchases…"
        emptyTitle="No purchases yet"
        emptyText="When a workspace buys or subscribes to one of your apps, the purchase appears here."
      >
        {data && (
          <>
            <PurchasesTable caption="Purchases" purchases={data.data} />
            <Pager page={page} size={size} total={data.meta.total} onPage={onPage} />
          </>
        )}
      </ListState>
    </Box>
  );
}
