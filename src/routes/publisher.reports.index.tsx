import { createFileRoute } from '@tanstack/react-router';
import { ReportsScreen } from '../features/reports/ReportsScreen';
import { reportsSearch } from '../features/reports/search';

/** The publisher's reports (docs/reports.md): the range, grouping, app and table in the URL. */
export const Route = createFileRoute('/publisher/reports/')({
  validateSearch: reportsSearch,
  component: function Reports() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <ReportsScreen scope="publisher" search={search} onSearch={(next, replace) => void navigate({ search: next, replace, resetScroll: false })} />;
  },
});
