import { createFileRoute } from '@tanstack/react-router';
import { PageLoader } from '../components/PageLoader';
import { RouteError } from '../components/RouteError';
import { AdminPublisherProfile } from '../features/admin-publishers/AdminPublisherProfile';
import { requireSystemRead } from '../lib/admin-access';
import { usePermissions } from '../lib/use-permissions';

export const Route = createFileRoute('/publisher/admin/publishers/$id')({
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:publishers', 'publishers'),
  // The queries load with the screen's chunk, not with the entry.
  loader: async ({ context, params }) => {
    const { adminPublisherQuery, publisherAppsQuery, publisherBundlesQuery, publisherDevelopersQuery } = await import('../features/admin-publishers/api');
    void Promise.all(
      [publisherDevelopersQuery, publisherAppsQuery, publisherBundlesQuery].map((q) => context.queryClient.prefetchQuery(q(params.id) as never)),
    );
    await context.queryClient.ensureQueryData(adminPublisherQuery(params.id));
  },
  pendingComponent: () => <PageLoader label="Loading the publisher…" />,
  errorComponent: (props) => (
    <RouteError
      {...props}
      notFound={{
        title: 'This publisher does not exist',
        text: 'There is no publisher with this id.',
        back: '/publisher/admin/publishers',
        backLabel: 'Back to all publishers',
      }}
    />
  ),
  component: function AdminPublisherRoute() {
    const { id } = Route.useParams();
    const { account } = Route.useRouteContext();
    const publishers = usePermissions('system:publishers');
    const apps = usePermissions('system:apps');
    return <AdminPublisherProfile id={id} can={{ update: publishers.canUpdate, admin: account.me?.systemRole === 'admin', appsUpdate: apps.canUpdate }} />;
  },
});
