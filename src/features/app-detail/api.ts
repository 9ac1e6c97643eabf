import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { tsr, unwrap } from '../../lib/api';

/** SPEC §9: the app detail reloads every 10 seconds. */
export const APP_DETAIL_REFRESH_MS = 10_000;

const detail = { refetchInterval: APP_DETAIL_REFRESH_MS } as const;

export const appQuery = (id: string) =>
  queryOptions({ queryKey: ['apps', id], queryFn: async () => unwrap(await tsr.apps.get.query({ params: { id } })), ...detail });
export const versionsQuery = (id: string) =>
  queryOptions({ queryKey: ['apps', id, 'versions'], queryFn: async () => unwrap(await tsr.apps.all.query({ params: { id } })), ...detail });
export const jobsQuery = (id: string) =>
  queryOptions({ queryKey: ['apps', id, 'jobs'], queryFn: async () => unwrap(await tsr.apps.jobs.query({ params: { id } })), ...detail });
export const pricesQuery = (id: string) =>
  queryOptions({ queryKey: ['apps', id, 'prices'], queryFn: async () => unwrap(await tsr.apps.prices.query({ params: { id } })), ...detail });
export const statsQuery = (id: string) =>
  queryOptions({ queryKey: ['apps', id, 'stats'], queryFn: async () => unwrap(await tsr.apps.stats.query({ params: { id } })) });
export const jobQuery = (id: string, jobId: string) =>
  queryOptions({ queryKey: ['apps', id, 'jobs', jobId], queryFn: async () => unwrap(await tsr.apps.job.query({ params: { id, jobId } })) });

export type StatusRequest = { status: 'published' | 'unpublished' | 'rejected' | 'author-approved' | 'submitted'; rejectionReason?: string };

/** POST /publisher/apps/{id}/status/{versionId}; refreshes the app's queries afterwards. */
export function useSetStatus(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ versionId, ...req }: StatusRequest & { versionId: string }) =>
      unwrap(await tsr.apps.setStatus.mutate({ params: { id: appId, versionId }, body: { ...req, appId, versionId } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['apps'] }),
  });
}
