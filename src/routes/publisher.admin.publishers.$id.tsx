import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { PageLoader } from '../components/PageLoader';
import { RouteError } from '../components/RouteError';
import { AdminPublisherProfile, type ProfileSearch } from '../features/admin-publishers/AdminPublisherProfile';
import { requireSystemRead } from '../lib/admin-access';
import { optionalBounded } from '../lib/search';
import { usePermissions } from '../lib/use-permissions';

// What is open, by the address (a refresh or the back button keeps it): `?edit=<publisher id>` (Edit Publisher),
// `?developer=`, `?role=` or `?systemRole=<developer id>` (Edit Developer, Change Role, Change System Role); plain
// functions, as every route's search.
const profileSearch = (s: { edit?: unknown; developer?: unknown; role?: unknown; systemRole?: unknown } & SearchSchemaInput): ProfileSearch => ({
  edit: optionalBounded(s.edit, 64),
  developer: optionalBounded(s.developer, 64),
  role: optionalBounded(s.role, 64),
  systemRole: optionalBounded(s.systemRole, 64),
});

export const Route = createFileRoute('/publisher/admin/publishers/$id')({
  validateSearch: profileSearch,
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:publishers', 'publishers'),
  // The queries load with the screen's chunk, not with the entry: the publisher awaited, its lists (developers, apps,
  // bundles and the first page of its activity) asked for beside it.
  loader: async ({ context, params }) => {
    const { adminPublisherQuery, publisherActivityQuery, publisherAppsQuery, publisherBundlesQuery, publisherDevelopersQuery } =
      await import('../features/admin-publishers/api');
    const { queryClient } = context;
    void Promise.all([
      queryClient.prefetchQuery(publisherDevelopersQuery(params.id)),
      queryClient.prefetchQuery(publisherAppsQuery(params.id)),
      queryClient.prefetchQuery(publisherBundlesQuery(params.id)),
      queryClient.prefetchQuery(publisherActivityQuery(params.id, 1)),
    ]);
    await queryClient.ensureQueryData(adminPublisherQuery(params.id));
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
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const { account } = Route.useRouteContext();
    const publishers = usePermissions('system:publishers');
    const apps = usePermissions('system:apps');
    return (
      <AdminPublisherProfile
        id={id}
        can={{ update: publishers.canUpdate, admin: account.me?.systemRole === 'admin', appsUpdate: apps.canUpdate }}
        search={search}
        // One drawer or dialog at a time: opening one is a step in the history (back closes it), closing it replaces
        // it; the page keeps its scroll.
        onSearch={(next) => void navigate({ search: next, replace: Object.keys(next).length === 0, resetScroll: false })}
      />
    );
  },
});
