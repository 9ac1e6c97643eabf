import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tsr, unwrap } from '../../lib/api';
import { appKeys, bundlesRoot } from '../../lib/keys';

export type StatusRequest = { status: 'published' | 'unpublished' | 'rejected' | 'author-approved' | 'submitted'; rejectionReason?: string };

/** What a version's status change makes stale: all of the publisher's apps, or all bundles. */
export const statusChangeKeys = { apps: appKeys.all, bundles: bundlesRoot };

/** The publisher's status change of one version (POST /publisher/apps/{id}/status/{versionId}); refreshes the queries under `refresh`, changed or not. */
export function useSetVersionStatus(appId: string, refresh: keyof typeof statusChangeKeys) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ versionId, ...req }: StatusRequest & { versionId: string }) =>
      unwrap(await tsr.apps.setStatus.mutate({ params: { id: appId, versionId }, body: { ...req, appId, versionId } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: statusChangeKeys[refresh] }),
  });
}
