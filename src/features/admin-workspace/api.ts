import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { tsr, unwrap } from '../../lib/api';

export const workspaceQuery = (id: string) =>
  queryOptions({ queryKey: ['admin', 'workspace', id], queryFn: async () => unwrap(await tsr.admin.workspaces.get.query({ params: { id } })), retry: false });

export const workspacePurchasesQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'workspace', id, 'purchases'],
    queryFn: async () => unwrap(await tsr.admin.workspaces.purchases.query({ params: { id } })),
    retry: false,
  });

export const workspaceRecordQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'purchases', 'one', id],
    queryFn: async () => unwrap(await tsr.admin.purchases.get.query({ params: { id } })),
    retry: false,
  });

/** Every page of the registered workspaces (docs/rocketchat.md, Pointing a Rocket.Chat server): what register, rotate and revoke invalidate. */
export const registeredWorkspacesKey = ['admin', 'registered-workspaces'] as const;

export const registeredWorkspacesQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: [...registeredWorkspacesKey, String(page), String(size)],
    queryFn: async () => unwrap(await tsr.admin.registeredWorkspaces.list.query({ query: { limit: size, offset: (page - 1) * size } })),
    placeholderData: keepPreviousData,
  });
