import { createFileRoute } from '@tanstack/react-router';
import { CompileJobsList } from '../features/admin-jobs/CompileJobsList';
import { requireSystemRead } from '../lib/admin-access';
import { pageSearch } from '../lib/search';

export const Route = createFileRoute('/publisher/admin/jobs')({
  validateSearch: pageSearch,
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:compileJobs', 'compile jobs'),
  component: function CompileJobs() {
    const { page } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <CompileJobsList page={page} onPage={(p) => void navigate({ search: { page: p } })} />;
  },
});
