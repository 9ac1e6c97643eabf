import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { WebhookInput } from '../../../contract/schemas/webhook';
import { tsr, unwrap } from '../../lib/api';

/** Everything about the publisher's webhooks: a change to one may change the list (`all`). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  one: (id: string) => [...webhookKeys.all, 'one', id] as const,
  /** Every page of one webhook's activity log. */
  activities: (id: string) => [...webhookKeys.all, 'activities', id] as const,
  activitiesPage: (id: string, page: number, size: number) => [...webhookKeys.activities(id), String(page), String(size)] as const,
};

export const webhooksQuery = queryOptions({
  queryKey: webhookKeys.list(),
  queryFn: async () => unwrap(await tsr.webhooks.list.query()),
});

export const webhookQuery = (id: string) =>
  queryOptions({ queryKey: webhookKeys.one(id), queryFn: async () => unwrap(await tsr.webhooks.get.query({ params: { id } })), retry: false });

/** A page of the activity log, read again every 2 s while one of its deliveries is still being made, else every 15 s. */
export const activitiesQuery = (id: string, page: number, size: number) =>
  queryOptions({
    queryKey: webhookKeys.activitiesPage(id, page, size),
    queryFn: async () => unwrap(await tsr.webhooks.activities.query({ params: { id }, query: { limit: size, offset: (page - 1) * size } })),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (q) => (q.state.data?.data.some((a) => a.status === 'created') ? 2000 : 15_000),
  });

/** New Webhook: the new webhook and, this once, its signing secret. */
export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.output<typeof WebhookInput>) => unwrap(await tsr.webhooks.create.mutate({ body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

/** Turn a webhook on or off. */
export function useSetWebhookEnabled(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean) => unwrap(await tsr.webhooks.setEnabled.mutate({ params: { id }, body: { enabled } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

/** Send test event: a delivery in the webhook's activity log. */
export function useSendTestEvent(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await tsr.webhooks.sendTest.mutate({ params: { id }, body: {} })),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.activities(id) }),
  });
}

/** Resend: another delivery of the event (the original shows as resent). */
export function useResendActivity(webhookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (activityId: string) => unwrap(await tsr.webhooks.resend.mutate({ params: { id: webhookId, activityId }, body: {} })),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.activities(webhookId) }),
  });
}

/** The signing secret, asked for when the owner wants to see it (never kept in the cache). */
export function useRevealWebhookSecret(id: string) {
  return useMutation({ mutationFn: async () => unwrap(await tsr.webhooks.secret.query({ params: { id } })) });
}

/** Rotate secret: a new one signs from now on, the previous one beside it for 24 hours. */
export function useRotateWebhookSecret(id: string) {
  return useMutation({ mutationFn: async () => unwrap(await tsr.webhooks.rotateSecret.mutate({ params: { id }, body: {} })) });
}
