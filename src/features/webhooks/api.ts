import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { tsr, unwrap } from '../../lib/api';

export const webhooksKey = { queryKey: ['webhooks'] };

export const webhooksQuery = queryOptions({
  queryKey: [...webhooksKey.queryKey, 'list'],
  queryFn: async () => unwrap(await tsr.webhooks.list.query()),
});

export const webhookQuery = (id: string) =>
  queryOptions({ queryKey: [...webhooksKey.queryKey, 'one', id], queryFn: async () => unwrap(await tsr.webhooks.get.query({ params: { id } })), retry: false });

export const activitiesKey = (id: string) => [...webhooksKey.queryKey, 'activities', id];

/** A page of the activity log, read again every 2 s while one of its deliveries is still being made, else every 15 s. */
export const activitiesQuery = (id: string, page: number, size: number) =>
  queryOptions({
    queryKey: [...activitiesKey(id), String(page), String(size)],
    queryFn: async () => unwrap(await tsr.webhooks.activities.query({ params: { id }, query: { limit: size, offset: (page - 1) * size } })),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (q) => (q.state.data?.data.some((a) => a.status === 'created') ? 2000 : 15_000),
  });
