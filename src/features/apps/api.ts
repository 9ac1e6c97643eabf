import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { tsr, unwrap } from '../../lib/api';
import { appKeys } from '../../lib/keys';

export const appsListQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: appKeys.list(page, size),
    queryFn: async () => unwrap(await tsr.apps.list.query({ query: { limit: size, offset: (page - 1) * size } })),
    placeholderData: keepPreviousData,
  });
