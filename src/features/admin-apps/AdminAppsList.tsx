import { Box, Flex, Heading } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { AppsTable } from '../../components/app/AppsTable';
import { ListState } from '../../components/ListState';
import { Pager } from '../../components/Pager';
import { SearchBox } from '../../components/SearchBox';
import { useTablePageSize } from '../../lib/page-size';
import { adminAppsQuery, adminBundlesQuery } from './api';

const kinds = {
  apps: { title: 'Apps', one: 'app', query: adminAppsQuery, to: '/publisher/admin/apps/$id', empty: 'Apps that publishers upload appear here.' },
  bundles: {
    title: 'Bundles',
    one: 'bundle',
    query: adminBundlesQuery,
    to: '/publisher/admin/bundles/$id',
    empty: 'Bundles that publishers submit appear here.',
  },
} as const;

/** Admin apps or bundles list (SPEC §2, §3): every publisher's, a page sized to the window, searchable by name or id. */
export function AdminAppsList({
  page,
  q,
  onSearch,
  kind = 'apps',
}: {
  page: number;
  q: string;
  onSearch: (next: { page: number; q: string }) => void;
  kind?: keyof typeof kinds;
}) {
  const size = useTablePageSize();
  const k = kinds[kind];
  const { data, isPending, error } = useQuery(k.query(page, size, q));
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <Flex justify="between" align="center" mb="4" gap="3" wrap="wrap">
        <Heading as="h1" size="6">
          {k.title}
        </Heading>
        <SearchBox q={q} label={`Search ${kind}`} placeholder="Search by name or id" onSearch={(next) => onSearch({ page: 1, q: next })} />
      </Flex>
      <ListState
        isPending={isPending}
        error={error}
        empty={data?.meta.total === 0}
        loading={`Loading the ${kind}…`}
        emptyTitle={q ? `No matching ${kind}` : `No ${kind} yet`}
        emptyText={q ? `No ${k.one} name or id contains “${q}”.` : k.empty}
      >
        {data && (
          <>
            <AppsTable apps={data.data} to={k.to} showPublisher caption={k.title} />
            <Pager page={page} size={size} total={data.meta.total} onPage={(p) => onSearch({ page: p, q })} />
          </>
        )}
      </ListState>
    </Box>
  );
}
