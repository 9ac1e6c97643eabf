import { useState } from 'react';
import type { z } from 'zod';
import { REJECTION_REASON_MESSAGE, type AppVersion } from '../../../contract/schemas/app';
import { toast } from '../../lib/toast';
import { useSetVersionStatus } from './api';
import { NoteDialog } from './NoteDialog';
import { appText } from './strings';

type Version = z.infer<typeof AppVersion>;
export type { StatusRequest } from './api';

/**
 * The publisher's status changes of an app's or a bundle's versions (SPEC §4), for the app and bundle
 * screens alike: `change` publishes or unpublishes (with the spec's progress texts) or opens the reject
 * dialog (a reason required), which `dialog` renders; `setStatus` is the request itself (e.g. submit).
 */
export function usePublisherStatusChanges(appId: string, refresh: 'apps' | 'bundles' = 'apps') {
  const setStatus = useSetVersionStatus(appId, refresh);
  const [rejecting, setRejecting] = useState<Version>();
  const change = (action: 'REJECT' | 'PUBLISH' | 'UNPUBLISH', v: Version) => {
    if (action === 'REJECT') return setRejecting(v);
    const publish = action === 'PUBLISH';
    const progress = toast.pending(publish ? appText.publishing : appText.unpublishing);
    setStatus.mutate(
      { versionId: v.id, status: publish ? 'published' : 'unpublished' },
      { onSuccess: () => progress.success(publish ? appText.published : appText.unpublished), onError: progress.apiError },
    );
  };
  const dialog = rejecting && (
    <NoteDialog
      title={`Reject ${rejecting.name} v${rejecting.version}`}
      description="Say why this version is rejected; the reason is kept with the version."
      label="Reason"
      required={REJECTION_REASON_MESSAGE}
      confirm="Reject"
      danger
      pending={setStatus.isPending}
      onClose={() => setRejecting(undefined)}
      onConfirm={(reason) =>
        setStatus.mutate(
          { versionId: rejecting.id, status: 'rejected', rejectionReason: reason },
          {
            onSuccess: () => {
              toast.success(appText.rejected(rejecting.name, rejecting.version));
              setRejecting(undefined);
            },
            onError: toast.apiError,
          },
        )
      }
    />
  );
  return { setStatus, change, dialog };
}
