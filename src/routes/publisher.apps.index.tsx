import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AppsList } from '../features/apps/AppsList';
import { usePermissions } from '../lib/use-permissions';

export const Route = createFileRoute('/publisher/apps/')({
  validateSearch: z.object({ page: z.coerce.number().int().min(1).catch(1).default(1) }),
  component: function Apps() {
    const { page } = Route.useSearch();
    const navigate = Route.useNavigate();
    const { canCreate } = usePermissions('app');
    return <AppsList page={page} canCreate={canCreate} onPage={(p) => void navigate({ search: { page: p } })} />;
  },
});
