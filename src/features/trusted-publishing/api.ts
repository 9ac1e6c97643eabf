import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { NewTrustPolicyInput } from '../../../contract/schemas/tokens';
import { tsr, unwrap } from '../../lib/api';
import { appKeys } from '../../lib/keys';

/** An app's trusted publishers, under the app (what refreshes the app refreshes them). */
export const trustKeys = {
  list: (appId: string) => appKeys.of(appId, 'trust'),
};

/** The app's trusted publishers (not polled like the rest of the app's page: they change only from here). */
export const trustQuery = (appId: string) =>
  queryOptions({ queryKey: trustKeys.list(appId), queryFn: async () => unwrap(await tsr.trust.list.query({ params: { id: appId } })) });

/** Add trusted publisher: the form as typed (the server trims it and takes an empty environment or ref as none). */
export function useAddTrust(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof NewTrustPolicyInput>) => unwrap(await tsr.trust.create.mutate({ params: { id: appId }, body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: trustKeys.list(appId) }),
  });
}

/** Remove: the list is read again whatever the answer. */
export function useRemoveTrust(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (policyId: string) => unwrap(await tsr.trust.remove.mutate({ params: { id: appId, policyId }, body: {} })),
    onSettled: () => qc.invalidateQueries({ queryKey: trustKeys.list(appId) }),
  });
}
