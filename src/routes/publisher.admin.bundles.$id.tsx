import { createFileRoute } from '@tanstack/react-router';
import { PageLoader } from '../components/PageLoader';
import { RouteError } from '../components/RouteError';
import { AdminAppDetail } from '../features/admin-apps/AdminAppDetail';
import { requireSystemRead } from '../lib/admin-access';
import { usePermissions } from '../lib/use-permissions';

export const Route = createFileRoute('/publisher/admin/bundles/$id')({
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:bundles', 'bundles'),
  // The queries load with the screen's chunk, not with the entry.
  loader: async ({ context, params }) => {
    const { adminAppQuery, adminBundleAppsQuery, adminVersionsQuery } = await import('../features/admin-apps/api');
    await Promise.all([adminAppQuery, adminVersionsQuery, adminBundleAppsQuery].map((q) => context.queryClient.ensureQueryData(q(params.id) as never)));
  },
  pendingComponent: () => <PageLoader label="Loading the bundle…" />,
  errorComponent: (props) => (
    <RouteError
      {...props}
      notFound={{
        title: 'This bundle does not exist',
        text: 'There is no bundle with this id in the marketplace.',
        back: '/publisher/admin/bundles',
        backLabel: 'Back to all bundles',
      }}
    />
  ),
  component: function AdminBundleRoute() {
    const { id } = Route.useParams();
    const { canUpdate } = usePermissions('system:bundles');
    return <AdminAppDetail appId={id} canUpdate={canUpdate} />;
  },
});
