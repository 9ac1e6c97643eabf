import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { EmailTemplatesList } from '../features/admin-emails/EmailTemplatesList';
import type { EmailSearch } from '../features/admin-emails/api';
import { requireSystemRead } from '../lib/admin-access';
import { flagParam, optionalBounded } from '../lib/search';
import { usePermissions } from '../lib/use-permissions';

// The drawer open, if any: `?edit=<id>` (a template's id) or `?new=1` (a refresh or the back button keeps it); plain
// functions, as every route's search.
const emailSearch = (s: { edit?: unknown; new?: unknown } & SearchSchemaInput): EmailSearch => ({
  edit: optionalBounded(s.edit, 100),
  new: flagParam(s.new),
});

export const Route = createFileRoute('/publisher/admin/emails')({
  validateSearch: emailSearch,
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:emailTemplates', 'email templates'),
  // The list's request starts beside the screen's code (its query options load with it), never awaited: the screen
  // shows its own loading state.
  loader: ({ context }) =>
    void import('../features/admin-emails/api').then(({ emailTemplatesQuery }) => context.queryClient.prefetchQuery(emailTemplatesQuery)),
  component: function EmailTemplates() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const { canCreate, canUpdate } = usePermissions('system:emailTemplates');
    return <EmailTemplatesList canCreate={canCreate} canUpdate={canUpdate} search={search} onSearch={(next) => void navigate({ search: next })} />;
  },
});
