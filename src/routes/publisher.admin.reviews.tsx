import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ReviewQueue } from '../features/admin-reviews/ReviewQueue';
import type { ReviewSearch } from '../features/admin-reviews/api';
import { requireSystemRead } from '../lib/admin-access';
import { tablePageSize } from '../lib/page-size';
import { pageParam, textParam } from '../lib/search';

// The queue's filters (GET /v1/admin/reviews' q, assignee, overdue) and its page; plain functions, as every route's
// search. Unset filters stay out of the address.
const reviewSearch = (s: { page?: unknown; q?: unknown; assignee?: unknown; overdue?: unknown } & SearchSchemaInput): ReviewSearch => ({
  page: pageParam(s.page),
  q: textParam(s.q, 100),
  assignee: s.assignee === 'me' || s.assignee === 'nobody' ? s.assignee : undefined,
  overdue: s.overdue === true || undefined,
});

/** Staff review (docs/packages-and-review.md, The review queue): who may take a review (update on system:apps: reviewers, admins). */
export const Route = createFileRoute('/publisher/admin/reviews')({
  validateSearch: reviewSearch,
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:apps', 'reviews', 'update'),
  // The queue's request starts beside the screen's code (its query options load with it), never awaited: the screen
  // shows its own loading state.
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    void import('../features/admin-reviews/api').then(({ reviewQueueQuery }) => context.queryClient.prefetchQuery(reviewQueueQuery(deps, tablePageSize()))),
  component: function AdminReviews() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const onSearch = useCallback((next: ReviewSearch) => void navigate({ search: next, replace: true }), [navigate]);
    return <ReviewQueue search={search} onSearch={onSearch} />;
  },
});
