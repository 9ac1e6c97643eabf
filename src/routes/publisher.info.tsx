import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { ApiTokensCard } from '../features/api-tokens/ApiTokensCard';
import type { TeamDialog } from '../features/publisher-info/DevelopersCard';
import { PublisherInfo } from '../features/publisher-info/PublisherInfo';
import { dialogStep, oneOfParam, optionalBounded } from '../lib/search';
import { usePermissions } from '../lib/use-permissions';

/** What is open, by the address: `?new=user` (Add User), `?new=token` (Create token), `?role=<developer id>` (Change Role). */
type InfoSearch = { new?: 'user' | 'token'; role?: string };

export const Route = createFileRoute('/publisher/info')({
  validateSearch: (s: { new?: unknown; role?: unknown } & SearchSchemaInput): InfoSearch => {
    const role = optionalBounded(s.role, 100);
    const open = oneOfParam(['user', 'token'] as const, s.new);
    return { ...(open ? { new: open } : {}), ...(role ? { role } : {}) };
  },
  loader: ({ context }) => {
    // The query options load with the screen's chunk, not with the entry.
    void import('../features/publisher-info/api').then(({ developersQuery }) => context.queryClient.prefetchQuery(developersQuery));
    void import('../features/api-tokens/api').then(({ tokensQuery }) => context.queryClient.prefetchQuery(tokensQuery));
  },
  component: function PublisherInfoRoute() {
    // Tokens read and submit apps: creating and revoking them takes the right to update apps.
    const { canUpdate } = usePermissions('app');
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    // One dialog at a time.
    const show = (open: InfoSearch) =>
      void navigate({ search: (prev) => ({ ...prev, new: undefined, role: undefined, ...open }), ...dialogStep(!!(open.new || open.role)) });
    const teamDialog: TeamDialog = search.new === 'user' ? { kind: 'add' } : search.role ? { kind: 'role', developerId: search.role } : null;
    return (
      <PublisherInfo
        teamDialog={teamDialog}
        onTeamDialog={(d) => show(d?.kind === 'add' ? { new: 'user' } : d?.kind === 'role' ? { role: d.developerId } : {})}
      >
        <ApiTokensCard canUpdate={canUpdate} creating={search.new === 'token'} onCreating={(open) => show(open ? { new: 'token' } : {})} />
      </PublisherInfo>
    );
  },
});
