import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublishCheckSettingsInput, ReviewQueueItem } from '../../../contract/schemas/review';
import { tsr, unwrap } from '../../lib/api';

/** The review queue's address: its page, and the filters set (unset ones stay out of it). */
export type ReviewSearch = { page: number; q: string; assignee?: 'me' | 'nobody'; overdue?: true };

export const reviewKeys = {
  all: ['admin', 'reviews'] as const,
  /** Every page and filter of the queue (after an assignment). */
  queue: ['admin', 'reviews', 'queue'] as const,
  queuePage: ({ page, q, assignee, overdue }: ReviewSearch, size: number) =>
    ['admin', 'reviews', 'queue', String(page), String(size), q, assignee ?? 'anyone', overdue ? 'overdue' : 'all'] as const,
  checks: ['admin', 'reviews', 'checks'] as const,
};

export const reviewQueueQuery = (search: ReviewSearch, size: number) =>
  queryOptions({
    queryKey: reviewKeys.queuePage(search, size),
    queryFn: async () =>
      unwrap(
        await tsr.admin.reviews.queue.query({
          query: {
            limit: size,
            offset: (search.page - 1) * size,
            q: search.q || undefined,
            assignee: search.assignee,
            overdue: search.overdue ? 'true' : undefined,
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** Takes a waiting version's review (`take`) or gives it back; the queue is read again either way (a 409 says it was reviewed meanwhile). */
export function useAssignReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ item, take }: { item: ReviewQueueItem; take: boolean }) => {
      const args = { params: { id: item.appId, versionId: item.internalId }, body: {} };
      return unwrap(take ? await tsr.admin.reviews.assign.mutate(args) : await tsr.admin.reviews.unassign.mutate(args));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.queue }),
  });
}

export const publishChecksQuery = queryOptions({
  queryKey: reviewKeys.checks,
  queryFn: async () => unwrap(await tsr.admin.reviews.checks.query()),
});

/** Saves the publish checks' settings; the answer (the licences each once) is the settings from now on. */
export function useSavePublishChecks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PublishCheckSettingsInput) => unwrap(await tsr.admin.reviews.setChecks.mutate({ body })),
    onSuccess: (saved) => queryClient.setQueryData(publishChecksQuery.queryKey, saved),
  });
}
