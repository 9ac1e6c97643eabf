import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tsr, unwrap } from '../../lib/api';

export type StatusRequest = { status: 'published' | 'unpublished' | 'rejected' | 'author-approved' | 'submitted'; rejectionReason?: string };

/**
 * The publisher's status change of one version (POST /publisher/apps/{id}/status/{versionId}), for apps and
 * bundles alike; refreshes the queries under `refresh` afterwards (the app's, or the bundle's).
 */
export function useSetStatus(appId: string, refresh: string = 'apps') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ versionId, ...req }: StatusRequest & { versionId: string }) =>
      unwrap(await tsr.apps.setStatus.mutate({ params: { id: appId, versionId }, body: { ...req, appId, versionId } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [refresh] }),
  });
}
