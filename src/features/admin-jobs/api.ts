import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { tsr, unwrap } from '../../lib/api';

export const jobKeys = {
  all: ['admin', 'jobs'] as const,
  list: (page: number, size: number) => ['admin', 'jobs', String(page), String(size)] as const,
};

export const compileJobsQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: jobKeys.list(page, size),
    queryFn: async () => unwrap(await tsr.admin.jobs.list.query({ query: { limit: size, offset: (page - 1) * size } })),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
