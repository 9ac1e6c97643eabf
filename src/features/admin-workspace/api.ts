import { queryOptions } from '@tanstack/react-query';
import { tsr, unwrap } from '../../lib/api';

export const workspaceQuery = (id: string) =>
  queryOptions({ queryKey: ['admin', 'workspace', id], queryFn: async () => unwrap(await tsr.admin.workspaces.get.query({ params: { id } })), retry: false });

export const workspacePurchasesQuery = (id: string) =>
  queryOptions({ queryKey: ['admin', 'workspace', id, 'purchases'], queryFn: async () => unwrap(await tsr.admin.workspaces.purchases.query({ params: { id } })), retry: false });

export const workspaceRecordQuery = (id: string) =>
  queryOptions({ queryKey: ['admin', 'purchases', 'one', id], queryFn: async () => unwrap(await tsr.admin.purchases.get.query({ params: { id } })), retry: false });
