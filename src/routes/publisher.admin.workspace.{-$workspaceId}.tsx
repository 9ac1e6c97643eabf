import { createFileRoute, redirect, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { RegisteredWorkspaces } from '../features/admin-workspace/RegisteredWorkspaces';
import { WorkspacePurchases } from '../features/admin-workspace/WorkspacePurchases';
import { workspaceText } from '../features/admin-workspace/strings';
import { requireSystemRead } from '../lib/admin-access';
import { tablePageSize } from '../lib/page-size';
import { toast } from '../lib/toast';
import { dialogStep, flagParam } from '../lib/search';

// `?new=1`: the Register workspace dialog is open (a refresh or the back button keeps it); plain functions, as every
// route's search.
const workspaceSearch = (s: { new?: unknown } & SearchSchemaInput): { new?: 1 } => (flagParam(s.new) ? { new: 1 } : {});

export const Route = createFileRoute('/publisher/admin/workspace/{-$workspaceId}')({
  validateSearch: workspaceSearch,
  beforeLoad: async ({ context }) => {
    await requireSystemRead(context.account.checks, 'system:workspaces', 'workspaces');
    // SPEC §6: system admins only, whatever else the role may read.
    if (context.account.me?.systemRole !== 'admin') {
      toast.error(workspaceText.invalidRoleText, workspaceText.invalidRole);
      throw redirect({ to: '/publisher/apps' });
    }
  },
  // The list's requests start beside the screen's code (its query options load with it), never awaited: the screen
  // shows its own loading state. A workspace: it and its purchase records; else the registered workspaces' first page.
  loader: ({ context, params }) =>
    void import('../features/admin-workspace/api').then(({ registeredWorkspacesQuery, workspacePurchasesQuery, workspaceQuery }) => {
      const { queryClient } = context;
      const id = params.workspaceId;
      if (!id) return void queryClient.prefetchQuery(registeredWorkspacesQuery(1, tablePageSize()));
      void queryClient.prefetchQuery(workspaceQuery(id));
      void queryClient.prefetchQuery(workspacePurchasesQuery(id));
    }),
  component: function Workspace() {
    const { workspaceId } = Route.useParams();
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const onBack = useCallback(() => void navigate({ params: { workspaceId: undefined } }), [navigate]);
    // Looked up by its client id: the address names it by its own id.
    const onResolved = useCallback((id: string) => void navigate({ params: { workspaceId: id }, replace: true }), [navigate]);
    // The lookup opens on arrival, over the registered workspaces (Cancel closes it and shows them).
    if (!workspaceId)
      return (
        <RegisteredWorkspaces
          registering={search.new === 1}
          onRegistering={(open) => void navigate({ search: (prev) => ({ ...prev, new: open ? 1 : undefined }), ...dialogStep(open) })}
          onView={(id) => void navigate({ params: { workspaceId: id } })}
        />
      );
    return <WorkspacePurchases key={workspaceId} workspaceId={workspaceId} onBack={onBack} onResolved={onResolved} />;
  },
});
