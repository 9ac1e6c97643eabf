import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { BundlesGate } from '../features/bundles/BundlesGate';
import { NewBundleForm } from '../features/bundles/NewBundleForm';
import { dialogStep, oneOfParam } from '../lib/search';

// `?drawer=plan`: the plan drawer (Add a pricing plan) is open; plain functions, as every route's search.
const newBundleSearch = (s: { drawer?: unknown } & SearchSchemaInput): { drawer?: 'plan' } => (oneOfParam(['plan'], s.drawer) ? { drawer: 'plan' } : {});

export const Route = createFileRoute('/publisher/new/bundle')({
  validateSearch: newBundleSearch,
  // The apps a bundle may hold (the form's list) are asked for beside the screen's code (their query options load
  // with it), never awaited: the form shows its own loading state. Not for a publisher without bundles.
  loader: ({ context }) => {
    if (!context.account.publisher?.canCreateBundles) return;
    void import('../features/bundles/api').then(({ ownAppsQuery }) => context.queryClient.prefetchQuery(ownAppsQuery));
  },
  component: function NewBundle() {
    const { drawer } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <BundlesGate>
        <NewBundleForm
          adding={drawer === 'plan'}
          // Opening the drawer is a step in the history (back closes it); closing replaces it. The page keeps its scroll.
          onAdding={(open) => void navigate({ search: (prev) => ({ ...prev, drawer: open ? 'plan' : undefined }), ...dialogStep(open) })}
        />
      </BundlesGate>
    );
  },
});
