import { createFileRoute } from '@tanstack/react-router';
import { reportsSearch } from '../features/reports/search';
import { Statement } from '../features/reports/Statement';

/** Any payout's statement, for staff (docs/reports.md, Payout statements): its lines' page in `page`. */
export const Route = createFileRoute('/publisher/admin/reports/payouts/$payoutId')({
  validateSearch: reportsSearch,
  component: function AdminReportsStatement() {
    const search = Route.useSearch();
    const { payoutId } = Route.useParams();
    const navigate = Route.useNavigate();
    return <Statement scope="admin" id={payoutId} page={search.page ?? 1} onPage={(page) => void navigate({ search: (s) => ({ ...s, page }) })} />;
  },
});
