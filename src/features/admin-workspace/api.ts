import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RegisterWorkspaceInput } from '../../../contract/schemas/workspaces';
import { tsr, unwrap } from '../../lib/api';

export const workspaceKeys = {
  /** A workspace looked up by id, and (`purchases`) its purchase records. */
  one: (id: string) => ['admin', 'workspace', id] as const,
  purchases: (id: string) => ['admin', 'workspace', id, 'purchases'] as const,
  /** One purchase record: the purchase records screen's key for it, so the two share what they read. */
  record: (id: string) => ['admin', 'purchases', 'one', id] as const,
  /** Every page of the registered workspaces (docs/rocketchat.md, Pointing a Rocket.Chat server): what register, rotate and revoke invalidate. */
  registered: ['admin', 'registered-workspaces'] as const,
  registeredPage: (page: number, size: number) => ['admin', 'registered-workspaces', String(page), String(size)] as const,
};

export const workspaceQuery = (id: string) =>
  queryOptions({ queryKey: workspaceKeys.one(id), queryFn: async () => unwrap(await tsr.admin.workspaces.get.query({ params: { id } })), retry: false });

export const workspacePurchasesQuery = (id: string) =>
  queryOptions({
    queryKey: workspaceKeys.purchases(id),
    queryFn: async () => unwrap(await tsr.admin.workspaces.purchases.query({ params: { id } })),
    retry: false,
  });

export const workspaceRecordQuery = (id: string) =>
  queryOptions({
    queryKey: workspaceKeys.record(id),
    queryFn: async () => unwrap(await tsr.admin.purchases.get.query({ params: { id } })),
    retry: false,
  });

export const registeredWorkspacesQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: workspaceKeys.registeredPage(page, size),
    queryFn: async () => unwrap(await tsr.admin.registeredWorkspaces.list.query({ query: { limit: size, offset: (page - 1) * size } })),
    placeholderData: keepPreviousData,
  });

/** Register a Rocket.Chat workspace: its credentials (the secret this once); the list reloads. */
export function useRegisterWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.output<typeof RegisterWorkspaceInput>) => unwrap(await tsr.admin.registeredWorkspaces.register.mutate({ body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.registered }),
  });
}

/** A new client secret for a workspace (the old one stops working); the list reloads whatever the outcome. */
export function useRotateWorkspaceSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await tsr.admin.registeredWorkspaces.rotateSecret.mutate({ params: { id }, body: {} })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.registered }),
  });
}

/** Revoke a workspace's credentials; the list reloads whatever the outcome. */
export function useRevokeWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await tsr.admin.registeredWorkspaces.revoke.mutate({ params: { id }, body: {} })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.registered }),
  });
}
