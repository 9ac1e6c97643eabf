import { Box, Flex, Heading } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { AppsTable } from '../../components/app/AppsTable';
import { ListState } from '../../components/ListState';
import { Pager } from '../../components/Pager';
import { SearchBox } from '../../components/SearchBox';
import { useTablePageSize } from '../../lib/page-size';
import { adminAppsQuery } from './api';

/** Admin apps list (SPEC §2): every publisher's apps, a page sized to the window, searchable by name or id. */
export function AdminAppsList({ page, q, onSearch }: { page: number; q: string; onSearch: (next: { page: number; q: string }) => void }) {
  const size = useTablePageSize();
  const { data, isPending, error } = useQuery(adminAppsQuery(page, size, q));
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <Flex justify="between" align="center" mb="4" gap="3" wrap="wrap">
        <Heading as="h1" size="6">
          Apps
        </Heading>
        <SearchBox q={q} label="Search apps" placeholder="Search by name or id" onSearch={(next) => onSearch({ page: 1, q: next })} />
      </Flex>
      <ListState
        isPending={isPending}
        error={error}
        empty={data?.meta.total === 0}
        loading="Loading the apps…"
        emptyTitle={q ? 'No matching apps' : 'No apps yet'}
        emptyText={q ? `No app name or id contains “${q}”.` : 'Apps that publishers upload appear here.'}
      >
        {data && (
          <>
            <AppsTable apps={data.data} to="/publisher/admin/apps/$id" showPublisher />
            <Pager page={page} size={size} total={data.meta.total} onPage={(p) => onSearch({ page: p, q })} />
          </>
        )}
      </ListState>
    </Box>
  );
}
