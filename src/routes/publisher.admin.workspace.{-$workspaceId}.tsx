import { createFileRoute, redirect } from '@tanstack/react-router';
import { useCallback } from 'react';
import { WorkspaceLookup } from '../features/admin-workspace/WorkspaceLookup';
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
    if (!workspaceId) return <WorkspaceLookup onView={(id) => void navigate({ params: { workspaceId: id } })} onCancel={() => void navigate({ to: '/publisher/admin' })} />;
    return <WorkspacePurchases key={workspaceId} workspaceId={workspaceId} onBack={onBack} />;
  },
});
