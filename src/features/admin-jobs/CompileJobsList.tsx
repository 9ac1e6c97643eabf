import { Box, Heading } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { JobsTable } from '../../components/app/JobsTable';
import { ListState } from '../../components/ListState';
import { Pager } from '../../components/Pager';
import { useTablePageSize } from '../../lib/page-size';
import { compileJobsQuery } from './api';

/** Compile jobs of every publisher, newest first (reloads every 10 s while jobs run). */
export function CompileJobsList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const size = useTablePageSize();
  const { data, isPending, error } = useQuery(compileJobsQuery(page, size));
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <Heading as="h1" size="6" mb="4">
        Compile Jobs
      </Heading>
      <ListState
        isPending={isPending}
        error={error}
        empty={data?.meta.total === 0}
        loading="Loading compile jobs…"
        emptyTitle="No compile jobs yet"
        emptyText="Every uploaded package is compiled by a job; they appear here."
      >
        {data && (
          <>
            <JobsTable jobs={data.data} showApp />
            <Pager page={page} size={size} total={data.meta.total} onPage={onPage} />
          </>
        )}
      </ListState>
    </Box>
  );
}
