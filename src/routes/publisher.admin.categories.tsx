import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { CategoriesList } from '../features/admin-catalog/CategoriesList';
import { requireSystemRead } from '../lib/admin-access';
import { usePermissions } from '../lib/use-permissions';
import { dialogStep, flagParam } from '../lib/search';

// `?new=1`: the 'New Category' modal is open (a refresh or the back button keeps it); plain functions, as every route's search.
const categoriesSearch = (s: { new?: unknown } & SearchSchemaInput) => ({ new: flagParam(s.new) });

export const Route = createFileRoute('/publisher/admin/categories')({
  validateSearch: categoriesSearch,
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:categories', 'categories'),
  // The list's request starts beside the screen's code (its query options load with it), never awaited: the screen
  // shows its own loading state.
  loader: ({ context }) =>
    void import('../features/admin-catalog/api').then(({ adminCategoriesQuery }) => context.queryClient.prefetchQuery(adminCategoriesQuery)),
  component: function Categories() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const { canCreate } = usePermissions('system:categories');
    return (
      <CategoriesList
        canCreate={canCreate}
        creating={search.new === 1}
        onCreating={(open) => void navigate({ search: (prev) => ({ ...prev, new: open ? 1 : undefined }), ...dialogStep(open) })}
      />
    );
  },
});
