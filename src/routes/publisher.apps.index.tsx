import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AppsList } from '../features/apps/AppsList';

export const Route = createFileRoute('/publisher/apps/')({
  validateSearch: z.object({ page: z.coerce.number().int().min(1).catch(1).default(1) }),
  component: function Apps() {
    const { page } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <AppsList page={page} onPage={(p) => void navigate({ search: { page: p } })} />;
  },
});
