import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { CompileJobsList } from '../features/admin-jobs/CompileJobsList';
import { requireSystemRead } from '../lib/admin-access';

export const Route = createFileRoute('/publisher/admin/jobs')({
  validateSearch: z.object({ page: z.coerce.number().int().min(1).catch(1).default(1) }),
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:compileJobs', 'compile jobs'),
  component: function CompileJobs() {
    const { page } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <CompileJobsList page={page} onPage={(p) => void navigate({ search: { page: p } })} />;
  },
});
