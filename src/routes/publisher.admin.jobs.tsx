import { createFileRoute } from '@tanstack/react-router';
import { CompileJobsList } from '../features/admin-jobs/CompileJobsList';
import { requireSystemRead } from '../lib/admin-access';
import { tablePageSize } from '../lib/page-size';
import { pageSearch } from '../lib/search';

export const Route = createFileRoute('/publisher/admin/jobs')({
  validateSearch: pageSearch,
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:compileJobs', 'compile jobs'),
  // The list's request starts beside the screen's code (its query options load with it), never awaited: the screen
  // shows its own loading state.
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) =>
    void import('../features/admin-jobs/api').then(({ compileJobsQuery }) => context.queryClient.prefetchQuery(compileJobsQuery(deps.page, tablePageSize()))),
  component: function CompileJobs() {
    const { page } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <CompileJobsList page={page} onPage={(p) => void navigate({ search: { page: p } })} />;
  },
});
