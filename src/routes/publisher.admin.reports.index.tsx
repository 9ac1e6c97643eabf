import { createFileRoute } from '@tanstack/react-router';
import { ReportsScreen } from '../features/reports/ReportsScreen';
import { reportsSearch } from '../features/reports/search';

/** The marketplace's reports for staff (docs/reports.md; the Administration area's guard): the range, grouping, publisher, app and table in the URL. */
export const Route = createFileRoute('/publisher/admin/reports/')({
  validateSearch: reportsSearch,
  component: function AdminReports() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <ReportsScreen scope="admin" search={search} onSearch={(next, replace) => void navigate({ search: next, replace, resetScroll: false })} />;
  },
});
