import { Box, Button } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AppsTable } from '../../components/app/AppsTable';
import { ListState } from '../../components/ListState';
import { Pager } from '../../components/Pager';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useTablePageSize } from '../../lib/page-size';
import { usePermissions } from '../../lib/use-permissions';
import { bundlesQuery } from './api';

/** SPEC §3 Bundles list: the publisher's bundles, paged; New Bundle with bundle create permission. */
export function BundlesList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const size = useTablePageSize();
  const { data, isPending, error } = useQuery(bundlesQuery(page, size));
  const { canCreate } = usePermissions('bundle');
  const newBundle = canCreate && (
    <Button asChild>
      <Link to="/publisher/new/bundle">New Bundle</Link>
    </Button>
  );
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <ScreenHeader title="Bundles">{newBundle}</ScreenHeader>
      <ListState
        isPending={isPending}
        error={error}
        empty={data?.meta.total === 0}
        loading="Loading your bundles…"
        emptyTitle="No bundles yet"
        emptyText="Put several of your apps together under one name and price."
      >
        {data && (
          <>
            <AppsTable apps={data.data} to="/publisher/bundles/$id" caption="Bundles" />
            <Pager page={page} size={size} total={data.meta.total} onPage={onPage} />
          </>
        )}
      </ListState>
    </Box>
  );
}
