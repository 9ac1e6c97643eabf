import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { PageLoader } from '../components/PageLoader';
import { RouteError } from '../components/RouteError';
import { AppDetail, type PricingDrawer } from '../features/app-detail/AppDetail';
import { TrustedPublishing } from '../features/trusted-publishing/TrustedPublishing';
import { usePermissions } from '../lib/use-permissions';
import { dialogStep, oneOfParam } from '../lib/search';

// `?drawer=pricing` or `?drawer=plan`: the Change Pricing or New pricing plan drawer is open (a refresh or the back
// button keeps it); plain functions, as every route's search.
const appSearch = (s: { drawer?: unknown } & SearchSchemaInput): { drawer?: PricingDrawer } => {
  const drawer = oneOfParam<PricingDrawer>(['pricing', 'plan'], s.drawer);
  return drawer ? { drawer } : {};
};

export const Route = createFileRoute('/publisher/apps/$id')({
  validateSearch: appSearch,
  // The queries load with the screen's chunk, not with the entry.
  loader: async ({ context, params }) => {
    const { appQuery, jobsQuery, pricesQuery, versionsQuery } = await import('../features/app-detail/api');
    // The trusted publishers below them: fetched beside, not awaited.
    void import('../features/trusted-publishing/api').then(({ trustQuery }) => context.queryClient.prefetchQuery(trustQuery(params.id)));
    await Promise.all([appQuery, versionsQuery, jobsQuery, pricesQuery].map((q) => context.queryClient.ensureQueryData(q(params.id) as never)));
  },
  pendingComponent: () => <PageLoader label="Loading the app…" />,
  errorComponent: (props) => (
    <RouteError
      {...props}
      notFound={{
        title: 'This app does not exist',
        text: 'There is no app with this id among your publisher’s apps.',
        back: '/publisher/apps',
        backLabel: 'Back to Apps',
      }}
    />
  ),
  component: function AppDetailRoute() {
    const { id } = Route.useParams();
    const { canUpdate } = usePermissions('app');
    const { canUpdate: canAskForPaidApps } = usePermissions('publisher');
    const { account } = Route.useRouteContext();
    const { drawer } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <AppDetail
        appId={id}
        canUpdate={canUpdate}
        canCreatePaidApps={!!account.publisher?.canCreatePaidApps}
        canAskForPaidApps={canAskForPaidApps}
        drawer={drawer}
        onDrawer={(next) => void navigate({ search: (prev) => ({ ...prev, drawer: next }), ...dialogStep(!!next) })}
      >
        <TrustedPublishing appId={id} canUpdate={canUpdate} />
      </AppDetail>
    );
  },
});
