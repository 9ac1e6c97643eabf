import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminPublisherUpdateInput, PublisherEmailInput } from '../../../contract/schemas/publisher';
import type { DeveloperEditInput, RoleInput, SystemRoleInput } from '../../../contract/schemas/developer';
import type { Irreversible } from '../../components/app/IrreversibleDialog';
import { tsr, unwrap } from '../../lib/api';

/** The admin publisher screens' queries: the list's pages, and everything about one publisher under its id. */
export const publisherKeys = {
  all: ['admin', 'publishers'] as const,
  /** Every page of the list (after an edit or a payout). */
  lists: ['admin', 'publishers', 'list'] as const,
  list: (page: number, size: number, q: string) => ['admin', 'publishers', 'list', String(page), String(size), q] as const,
  /** The publisher, its developers, apps, bundles and activity (after any change to it). */
  one: (id: string) => ['admin', 'publishers', id] as const,
  of: (id: string, ...part: (string | number)[]) => ['admin', 'publishers', id, ...part.map(String)] as const,
};
/** The email templates (the contact drawer's layouts): the key the email templates screen lists them under. */
const emailTemplatesKey = ['admin', 'emailTemplates'] as const;

export const adminPublishersQuery = (page: number, size: number, q: string) =>
  queryOptions({
    queryKey: publisherKeys.list(page, size, q),
    queryFn: async () => unwrap(await tsr.admin.publishers.list.query({ query: { limit: size, offset: (page - 1) * size, q: q || undefined } })),
    placeholderData: keepPreviousData,
  });
export const adminPublisherQuery = (id: string) =>
  queryOptions({ queryKey: publisherKeys.one(id), queryFn: async () => unwrap(await tsr.admin.publishers.get.query({ params: { id } })) });
export const publisherAppsQuery = (id: string) =>
  queryOptions({ queryKey: publisherKeys.of(id, 'apps'), queryFn: async () => unwrap(await tsr.admin.publishers.apps.query({ params: { id } })) });
export const publisherBundlesQuery = (id: string) =>
  queryOptions({ queryKey: publisherKeys.of(id, 'bundles'), queryFn: async () => unwrap(await tsr.admin.publishers.bundles.query({ params: { id } })) });
export const publisherDevelopersQuery = (id: string) =>
  queryOptions({
    queryKey: publisherKeys.of(id, 'developers'),
    queryFn: async () => unwrap(await tsr.admin.publishers.developers.query({ params: { id } })),
  });
export const ACTIVITY_PAGE_SIZE = 10;
export const publisherActivityQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: publisherKeys.of(id, 'activity', page),
    queryFn: async () =>
      unwrap(await tsr.admin.publishers.activity.query({ params: { id }, query: { limit: ACTIVITY_PAGE_SIZE, offset: (page - 1) * ACTIVITY_PAGE_SIZE } })),
    placeholderData: keepPreviousData,
  });
export const layoutsQuery = queryOptions({
  queryKey: emailTemplatesKey,
  queryFn: async () => unwrap(await tsr.admin.emails.list.query()),
});

/** POST /admin/publishers/{id}: the name and the flags; the publisher and the list reload. */
export function useUpdatePublisher(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.output<typeof AdminPublisherUpdateInput>) => unwrap(await tsr.admin.publishers.update.mutate({ params: { id }, body })),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: publisherKeys.lists }), queryClient.invalidateQueries({ queryKey: publisherKeys.one(id) })]),
  });
}

/** POST /admin/publishers/{id}/email: mail to the owners (logged: the publisher's activity reloads). */
export function useEmailPublisher(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.output<typeof PublisherEmailInput>) => unwrap(await tsr.admin.publishers.email.mutate({ params: { id }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publisherKeys.of(id, 'activity') }),
  });
}

/**
 * POST /admin/publishers/{id}/payout, under `idempotencyKey` (one per payout: the same however often it is sent);
 * the publisher's balance and the list reload.
 */
export function usePayout(id: string, idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (amount: number) =>
      unwrap(await tsr.admin.publishers.payout.mutate({ params: { id }, body: { amount }, headers: { 'idempotency-key': idempotencyKey } })),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: publisherKeys.one(id) }), queryClient.invalidateQueries({ queryKey: publisherKeys.lists })]),
  });
}

/** POST /admin/publishers/{id}/developers/{devId}: a developer's names, username and email; the publisher reloads. */
export function useUpdateDeveloper(publisherId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ devId, body }: { devId: string; body: z.output<typeof DeveloperEditInput> }) =>
      unwrap(await tsr.admin.publishers.updateDeveloper.mutate({ params: { id: publisherId, devId }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publisherKeys.one(publisherId) }),
  });
}

/** A developer's publisher role, or (`system`) system role; the publisher reloads. */
export function useSetDeveloperRole(publisherId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      change: { devId: string } & ({ system: false; body: z.output<typeof RoleInput> } | { system: true; body: z.output<typeof SystemRoleInput> }),
    ) => {
      const params = { id: publisherId, devId: change.devId };
      return change.system
        ? unwrap(await tsr.admin.publishers.developerSystemRole.mutate({ params, body: change.body }))
        : unwrap(await tsr.admin.publishers.developerRole.mutate({ params, body: change.body }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publisherKeys.one(publisherId) }),
  });
}

/** Make one of the publisher's apps premium-only or usage-based (irreversible); the publisher's lists reload. */
export function useSetAppFlag(publisherId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, appId, value }: { kind: Irreversible; appId: string; value: string | number | undefined }) =>
      kind === 'premium'
        ? unwrap(await tsr.admin.apps.enterpriseOnly.mutate({ params: { id: appId }, body: { enterpriseOnly: true, addonTierId: String(value ?? '') } }))
        : unwrap(await tsr.admin.apps.usageBased.mutate({ params: { id: appId }, body: { priceOverride: typeof value === 'number' ? value : undefined } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publisherKeys.one(publisherId) }),
  });
}
