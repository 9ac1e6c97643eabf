import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput } from '../../../contract/schemas/developer';
import type { NotificationSettings } from '../../../contract/schemas/notifications';
import { tsr, unwrap } from '../../lib/api';
import { meQuery } from '../../lib/account';
import { accountKeys } from '../../lib/keys';

/** Which notices the developer receives by email. */
export const notificationsQuery = queryOptions({
  queryKey: accountKeys.notifications,
  queryFn: async () => unwrap(await tsr.me.notifications.query()),
});

/** Developer Profile: the saved names replace those of the signed-in developer every screen reads. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProfileInput) => unwrap(await tsr.me.update.mutate({ body })),
    onSuccess: (saved) => qc.setQueryData(meQuery.queryKey, (me) => (me ? { ...me, ...saved } : me)),
  });
}

/**
 * Email notifications, saved at once: the switch shows the new setting while it is saved, the saved settings
 * replace it, and a failure reads them again (the switch goes back).
 */
export function useSaveNotifications() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: NotificationSettings) => unwrap(await tsr.me.setNotifications.mutate({ body })),
    onMutate: (body) => qc.setQueryData(notificationsQuery.queryKey, body),
    onSuccess: (saved) => qc.setQueryData(notificationsQuery.queryKey, saved),
    onError: () => void qc.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
}
