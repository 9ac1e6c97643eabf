import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RefundInput } from '../../../contract/schemas/checkout';
import type { CreatePurchaseInput, UpdatePurchaseInput } from '../../../contract/schemas/commerce';
import { tsr, unwrap } from '../../lib/api';

/** The purchase records: every page of the list and each record (the workspace screen reads records under the same keys). */
export const purchaseKeys = {
  /** Everything about purchase records: what creating, editing, refunding or removing one reloads. */
  all: ['admin', 'purchases'] as const,
  list: (page: number, size: number, order: 'desc' | 'asc') => ['admin', 'purchases', 'list', String(page), String(size), order] as const,
  one: (id: string) => ['admin', 'purchases', 'one', id] as const,
  /** The apps the create drawer offers, by search. */
  purchasableApps: (q: string) => ['admin', 'purchasable-apps', q] as const,
};

export const purchaseRecordsQuery = (page: number, size: number, order: 'desc' | 'asc') =>
  queryOptions({
    queryKey: purchaseKeys.list(page, size, order),
    queryFn: async () => unwrap(await tsr.admin.purchases.list.query({ query: { limit: size, offset: (page - 1) * size, order } })),
    placeholderData: keepPreviousData,
  });

export const purchaseRecordQuery = (id: string) =>
  queryOptions({
    queryKey: purchaseKeys.one(id),
    queryFn: async () => unwrap(await tsr.admin.purchases.get.query({ params: { id } })),
    retry: false,
  });

/** Apps to mark as purchased: those whose name or id matches the search, a page of them. */
export const purchasableAppsQuery = (q: string) =>
  queryOptions({
    queryKey: purchaseKeys.purchasableApps(q),
    queryFn: async () => unwrap(await tsr.admin.apps.list.query({ query: { limit: 50, offset: 0, q: q || undefined } })),
    placeholderData: keepPreviousData,
  });

/** POST /admin/purchases: an externally managed record; the records reload before it is answered. */
export function useCreatePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.output<typeof CreatePurchaseInput>) => unwrap(await tsr.admin.purchases.create.mutate({ body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
  });
}

/** POST /admin/purchases/{id}: the subscription edit; the records reload. */
export function useUpdatePurchase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.output<typeof UpdatePurchaseInput>) => unwrap(await tsr.admin.purchases.update.mutate({ params: { id }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
  });
}

/** Staff's refund of a purchase billed through the checkout; the records reload. */
export function useRefundPurchase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof RefundInput>) => unwrap(await tsr.admin.refunds.refund.mutate({ params: { id }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
  });
}

/**
 * DELETE /admin/purchases/{id} (an externally managed record). The records reload behind the screen, which
 * closes the record at once (the call's onSuccess runs without waiting for the reload); the removed record
 * itself is not asked for again (it would answer 404 while its dialog closes).
 */
export function useRemovePurchase(id: string) {
  const queryClient = useQueryClient();
  const removed = JSON.stringify(purchaseKeys.one(id));
  return useMutation({
    mutationFn: async () => unwrap(await tsr.admin.purchases.remove.mutate({ params: { id }, body: {} })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: purchaseKeys.all, predicate: (q) => JSON.stringify(q.queryKey) !== removed }),
  });
}
