import { createFileRoute } from '@tanstack/react-router';
import { BundlesGate } from '../features/bundles/BundlesGate';
import { BundlesList } from '../features/bundles/BundlesList';
import { pageSearch } from '../lib/search';

export const Route = createFileRoute('/publisher/bundles/')({
  validateSearch: pageSearch,
  component: function Bundles() {
    const { page } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <BundlesGate>
        <BundlesList page={page} onPage={(p) => void navigate({ search: { page: p } })} />
      </BundlesGate>
    );
  },
});
