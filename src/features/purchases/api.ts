import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { tsr, unwrap } from '../../lib/api';

export const purchasesKey = ['publisher', 'purchases'] as const;

export const publisherPurchasesQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: [...purchasesKey, String(page), String(size)],
    queryFn: async () => unwrap(await tsr.publisher.purchases.query({ query: { limit: size, offset: (page - 1) * size } })),
    placeholderData: keepPreviousData,
  });
