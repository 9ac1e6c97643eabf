import { Box, Button, Flex, Heading } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AppsTable } from '../../components/app/AppsTable';
import { ListState } from '../../components/ListState';
import { Pager } from '../../components/Pager';
import { useTablePageSize } from '../../lib/page-size';
import { appsListQuery } from './api';

/** Apps list (SPEC §2): the publisher's apps, a page sized to the window; New App with app create permission. */
export function AppsList({ page, onPage, canCreate }: { page: number; onPage: (page: number) => void; canCreate: boolean }) {
  const size = useTablePageSize();
  const { data, isPending, error } = useQuery(appsListQuery(page, size));
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      {/* As tall as the button, which appears once the policy is known: no layout shift. */}
      <Flex justify="between" align="center" mb="4" gap="3" wrap="wrap" minHeight="var(--space-6)">
        <Heading as="h1" size="6">
          Apps
        </Heading>
        {canCreate && (
          <Button asChild>
            <Link to="/publisher/new-extended/app/{-$appId}/{-$versionId}/{-$step}" params={{}}>
              New App
            </Link>
          </Button>
        )}
      </Flex>
      <ListState
        isPending={isPending}
        error={error}
        empty={data?.meta.total === 0}
        loading="Loading your apps…"
        emptyTitle="No apps yet"
        emptyText="Apps you upload appear here with their status, price and latest version."
      >
        {data && (
          <>
            <AppsTable apps={data.data} to="/publisher/apps/$id" />
            <Pager page={page} size={size} total={data.meta.total} onPage={onPage} />
          </>
        )}
      </ListState>
    </Box>
  );
}
