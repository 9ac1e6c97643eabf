import { createFileRoute } from '@tanstack/react-router';
import { RequestAccess } from '../features/app-requests/RequestAccess';
import { requestAccessSearch } from '../features/app-requests/search';

/**
 * An end user asks their workspace's admins for the app (docs/rocketchat.md, App requests): Rocket.Chat opens
 * /apps/{appId}/requestAccess?workspaceId&frameworkVersion&requester&admins in a modal's iframe, without a token.
 */
export const Route = createFileRoute('/apps/$appId/requestAccess')({
  validateSearch: requestAccessSearch,
  // The app's request starts beside the page's code, never awaited: the page shows its own loading and error states.
  loader: ({ context, params }) => {
    void import('../features/app-requests/api').then(({ listedAppQuery }) => context.queryClient.prefetchQuery(listedAppQuery(params.appId)));
  },
  component: function RequestAccessPage() {
    const { appId } = Route.useParams();
    const search = Route.useSearch();
    return <RequestAccess appId={appId} workspaceId={search.workspaceId} search={search} />;
  },
});
