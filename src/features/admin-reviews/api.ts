import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PublishCheckSettingsInput, ReviewQueueItem } from '../../../contract/schemas/review';
import { tsr, unwrap } from '../../lib/api';

/** The review queue's address: its page, and the filters set (unset ones stay out of it). */
export type ReviewSearch = { page: number; q: string; assignee?: 'me' | 'nobody'; overdue?: true };

const key = (...rest: (string | number)[]) => ['admin', 'reviews', ...rest.map(String)];

/** Every page and filter of the queue (after an assignment). */
export const queueKeys = { queryKey: key('queue') };

export const reviewQueueQuery = ({ page, q, assignee, overdue }: ReviewSearch, size: number) =>
  queryOptions({
    queryKey: key('queue', page, size, q, assignee ?? 'anyone', overdue ? 'overdue' : 'all'),
    queryFn: async () =>
      unwrap(
        await tsr.admin.reviews.queue.query({
          query: { limit: size, offset: (page - 1) * size, q: q || undefined, assignee, overdue: overdue ? 'true' : undefined },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** Takes a waiting version's review (`take`) or gives it back. */
export const assignReview = async ({ item, take }: { item: ReviewQueueItem; take: boolean }) => {
  const args = { params: { id: item.appId, versionId: item.internalId }, body: {} };
  return unwrap(take ? await tsr.admin.reviews.assign.mutate(args) : await tsr.admin.reviews.unassign.mutate(args));
};

export const publishChecksQuery = queryOptions({
  queryKey: key('checks'),
  queryFn: async () => unwrap(await tsr.admin.reviews.checks.query()),
});

export const savePublishChecks = async (body: PublishCheckSettingsInput) => unwrap(await tsr.admin.reviews.setChecks.mutate({ body }));
