import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { tsr, unwrap } from '../../lib/api';

export const recordsKey = { queryKey: ['admin', 'purchases'] };

export const purchaseRecordsQuery = (page: number, size: number, order: 'desc' | 'asc') =>
  queryOptions({
    queryKey: [...recordsKey.queryKey, 'list', String(page), String(size), order],
    queryFn: async () => unwrap(await tsr.admin.purchases.list.query({ query: { limit: size, offset: (page - 1) * size, order } })),
    placeholderData: keepPreviousData,
  });

export const purchaseRecordQuery = (id: string) =>
  queryOptions({
    queryKey: [...recordsKey.queryKey, 'one', id],
    queryFn: async () => unwrap(await tsr.admin.purchases.get.query({ params: { id } })),
    retry: false,
  });

/** Apps to mark as purchased: those whose name or id matches the search, a page of them. */
export const purchasableAppsQuery = (q: string) =>
  queryOptions({
    queryKey: ['admin', 'purchasable-apps', q],
    queryFn: async () => unwrap(await tsr.admin.apps.list.query({ query: { limit: 50, offset: 0, q: q || undefined } })),
    placeholderData: keepPreviousData,
  });
