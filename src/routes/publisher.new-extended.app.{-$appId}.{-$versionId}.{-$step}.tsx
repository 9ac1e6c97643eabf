import { usePermissions } from '../lib/use-permissions';
import { createFileRoute } from '@tanstack/react-router';
import { Wizard } from '../features/app-wizard/Wizard';
import { requireAppPermission } from '../lib/admin-access';

/** SPEC §2 New app wizard: /publisher/new-extended/app/{appId?}/{versionId?}/{step?}. */
export const Route = createFileRoute('/publisher/new-extended/app/{-$appId}/{-$versionId}/{-$step}')({
  beforeLoad: ({ context }) => requireAppPermission(context.account.checks, 'create'),
  component: function NewAppWizard() {
    const { appId, versionId, step } = Route.useParams();
    const { account } = Route.useRouteContext();
    const { canUpdate: canAskForPaidApps } = usePermissions('publisher');
    const navigate = Route.useNavigate();
    return (
      <Wizard
        kind="new"
        appId={appId}
        versionId={versionId}
        step={step}
        canCreatePaidApps={!!account.publisher?.canCreatePaidApps}
        canAskForPaidApps={canAskForPaidApps}
        go={(p) =>
          void navigate({
            to: '/publisher/new-extended/app/{-$appId}/{-$versionId}/{-$step}',
            params: { appId: p.appId, versionId: p.versionId, step: p.appId ? String(p.index) : undefined },
          })
        }
        leave={(id) => void navigate({ to: '/publisher/apps/$id', params: { id } })}
      />
    );
  },
});
