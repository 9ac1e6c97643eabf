import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { FeaturedSections } from '../features/admin-catalog/FeaturedSections';
import { requireSystemRead } from '../lib/admin-access';
import { usePermissions } from '../lib/use-permissions';
import { dialogStep, flagParam } from '../lib/search';

// `?new=1`: the 'Mark App As Featured' drawer is open (a refresh or the back button keeps it); plain functions, as every
// route's search.
const featuredSearch = (s: { new?: unknown } & SearchSchemaInput) => ({ new: flagParam(s.new) });

export const Route = createFileRoute('/publisher/admin/featured')({
  validateSearch: featuredSearch,
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:featured', 'featured sections'),
  // The sections' request starts beside the screen's code (their query options load with it), never awaited: the
  // screen shows its own loading state.
  loader: ({ context }) => void import('../features/admin-catalog/api').then(({ featuredQuery }) => context.queryClient.prefetchQuery(featuredQuery)),
  component: function Featured() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const { canCreate, canDelete } = usePermissions('system:featured');
    return (
      <FeaturedSections
        canCreate={canCreate}
        canDelete={canDelete}
        marking={search.new === 1}
        onMarking={(open) => void navigate({ search: (prev) => ({ ...prev, new: open ? 1 : undefined }), ...dialogStep(open) })}
      />
    );
  },
});
