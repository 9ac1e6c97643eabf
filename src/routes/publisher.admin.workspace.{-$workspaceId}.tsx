import { createFileRoute, redirect } from '@tanstack/react-router';
import { useCallback } from 'react';
import { RegisteredWorkspaces } from '../features/admin-workspace/RegisteredWorkspaces';
import { WorkspacePurchases } from '../features/admin-workspace/WorkspacePurchases';
import { workspaceText } from '../features/admin-workspace/strings';
import { requireSystemRead } from '../lib/admin-access';
import { toast } from '../lib/toast';

export const Route = createFileRoute('/publisher/admin/workspace/{-$workspaceId}')({
  beforeLoad: async ({ context }) => {
    await requireSystemRead(context.account.checks, 'system:workspaces', 'workspaces');
    // SPEC §6: system admins only, whatever else the role may read.
    if (context.account.me?.systemRole !== 'admin') {
      toast.error(workspaceText.invalidRoleText, workspaceText.invalidRole);
      throw redirect({ to: '/publisher/apps' });
    }
  },
  component: function Workspace() {
    const { workspaceId } = Route.useParams();
    const navigate = Route.useNavigate();
    const onBack = useCallback(() => void navigate({ params: { workspaceId: undefined } }), [navigate]);
    // The lookup opens on arrival, over the registered workspaces (Cancel closes it and shows them).
    if (!workspaceId) return <RegisteredWorkspaces onView={(id) => void navigate({ params: { workspaceId: id } })} />;
    return <WorkspacePurchases key={workspaceId} workspaceId={workspaceId} onBack={onBack} />;
  },
});
