import { usePermissions } from '../lib/use-permissions';
import { createFileRoute } from '@tanstack/react-router';
import { PageLoader } from '../components/PageLoader';
import { RouteError } from '../components/RouteError';
import { Wizard } from '../features/app-wizard/Wizard';
import { requireAppPermission } from '../lib/admin-access';

/** SPEC §2 Edit app details wizard: /publisher/edit-details/app/{appId}/{versionId?}/{step?} (the latest version by default). */
export const Route = createFileRoute('/publisher/edit-details/app/$appId/{-$versionId}/{-$step}')({
  beforeLoad: ({ context }) => requireAppPermission(context.account.checks, 'update'),
  loader: async ({ context, params }) => {
    const { wizardAppQuery } = await import('../features/app-wizard/api');
    const app = await context.queryClient.ensureQueryData(wizardAppQuery(params.appId));
    return { versionId: params.versionId ?? app.latest.id };
  },
  pendingComponent: () => <PageLoader label="Loading the app…" />,
  errorComponent: RouteError,
  component: function EditDetailsWizard() {
    const { appId, step } = Route.useParams();
    const { versionId } = Route.useLoaderData();
    const { account } = Route.useRouteContext();
    const { canUpdate: canAskForPaidApps } = usePermissions('publisher');
    const navigate = Route.useNavigate();
    return (
      <Wizard
        kind="edit"
        appId={appId}
        versionId={versionId}
        step={step}
        canCreatePaidApps={!!account.publisher?.canCreatePaidApps}
        canAskForPaidApps={canAskForPaidApps}
        go={(p) => void navigate({ to: '/publisher/edit-details/app/$appId/{-$versionId}/{-$step}', params: { appId, versionId, step: String(p.index) } })}
        leave={(id) => void navigate({ to: '/publisher/apps/$id', params: { id } })}
      />
    );
  },
});
