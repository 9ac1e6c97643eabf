import { createFileRoute } from '@tanstack/react-router';
import { AppsList } from '../features/apps/AppsList';
import { pageSearch } from '../lib/search';
import { usePermissions } from '../lib/use-permissions';

export const Route = createFileRoute('/publisher/apps/')({
  validateSearch: pageSearch,
  component: function Apps() {
    const { page } = Route.useSearch();
    const navigate = Route.useNavigate();
    const { canCreate } = usePermissions('app');
    return <AppsList page={page} canCreate={canCreate} onPage={(p) => void navigate({ search: { page: p } })} />;
  },
});
