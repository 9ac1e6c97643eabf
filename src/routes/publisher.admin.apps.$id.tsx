import { Flex, Spinner, Text } from '@radix-ui/themes';
import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PageLoader } from '../components/PageLoader';
import { RouteError } from '../components/RouteError';
import { AdminAppDetail } from '../features/admin-apps/AdminAppDetail';
import type { DiffSearch } from '../features/admin-apps/api';
import { requireSystemRead } from '../lib/admin-access';
import { optionalBounded, optionalInt } from '../lib/search';
import { usePermissions } from '../lib/use-permissions';

// The versions compared and the page of files (GET /v1/admin/app/{id}/diff's from, to, after, limit: a version
// up to 100 characters, a path up to 2048, 1 to 200 files a page); plain functions, as every route's search.
// `?cite=` (the diff lines picked to cite in a Reject or Review note) is not validated here but where it is used
// (src/features/admin-apps/cite.ts's citedLines): this function is in the first screen's code, whose budget is spent.
// The router keeps a search param validateSearch does not return: it reaches useSearch as the address has it.
const diffSearch = (s: { diffFrom?: unknown; diffTo?: unknown; diffAfter?: unknown; diffLimit?: unknown } & SearchSchemaInput): DiffSearch => ({
  diffFrom: optionalBounded(s.diffFrom, 100),
  diffTo: optionalBounded(s.diffTo, 100),
  diffAfter: optionalBounded(s.diffAfter, 2048),
  diffLimit: optionalInt(s.diffLimit, 1, 200),
});

// What changed between versions loads beside the page, not with it: its version pickers (Radix Select and its popper)
// would make the screen's first visit the heaviest of all; its data is asked for by the loader meanwhile.
const VersionChanges = lazy(() => import('../features/admin-apps/VersionChanges').then((m) => ({ default: m.VersionChanges })));

export const Route = createFileRoute('/publisher/admin/apps/$id')({
  validateSearch: diffSearch,
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:apps', 'apps'),
  loaderDeps: ({ search }) => search,
  // The queries load with the screen's chunk, not with the entry (so does the loader's code).
  loader: async ({ context, params, deps }) => (await import('../features/admin-apps/api')).loadAdminApp(context.queryClient, params.id, deps),
  pendingComponent: () => <PageLoader label="Loading the app…" />,
  errorComponent: (props) => (
    <RouteError
      {...props}
      notFound={{
        title: 'This app does not exist',
        text: 'There is no app with this id in the marketplace.',
        back: '/publisher/admin/apps',
        backLabel: 'Back to all apps',
      }}
    />
  ),
  component: function AdminAppRoute() {
    const { id } = Route.useParams();
    const search: DiffSearch = Route.useSearch();
    const navigate = Route.useNavigate();
    const { canUpdate } = usePermissions('system:apps');
    return (
      <AdminAppDetail
        appId={id}
        canUpdate={canUpdate}
        // Picking lines to cite replaces the entry (back leaves the page, not one line).
        cite={search.cite}
        onCite={(cite) => {
          const next: DiffSearch = { ...search, cite };
          void navigate({ search: next, replace: true, resetScroll: false });
        }}
        // Another pair or page is a new entry in the history (back returns to the last one); the page keeps its scroll.
        changes={
          <Suspense
            fallback={
              <Flex align="center" gap="3" role="status">
                <Spinner />
                <Text color="gray">Loading the changes…</Text>
              </Flex>
            }
          >
            <VersionChanges
              appId={id}
              search={search}
              canCite={canUpdate}
              onSearch={(next) => void navigate({ search: next, resetScroll: false, replace: next.cite !== search.cite })}
            />
          </Suspense>
        }
      />
    );
  },
});
