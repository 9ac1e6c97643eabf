import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { tsr, unwrap } from '../../lib/api';

/** The publisher's purchases (under `publisher`: what changes the publisher refreshes them too). */
export const purchaseKeys = {
  all: ['publisher', 'purchases'] as const,
  list: (page: number, size: number) => ['publisher', 'purchases', String(page), String(size)] as const,
};

export const publisherPurchasesQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: purchaseKeys.list(page, size),
    queryFn: async () => unwrap(await tsr.publisher.purchases.query({ query: { limit: size, offset: (page - 1) * size } })),
    placeholderData: keepPreviousData,
  });
