import { createFileRoute } from '@tanstack/react-router';
import { PurchasesList } from '../features/purchases/PurchasesList';
import { pageSearch } from '../lib/search';

export const Route = createFileRoute('/publisher/purchases')({
  validateSearch: pageSearch,
  component: function Purchases() {
    const { page } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <PurchasesList page={page} onPage={(p) => void navigate({ search: { page: p } })} />;
  },
});
