import { createFileRoute } from '@tanstack/react-router';
import { RequestAccess } from '../features/app-requests/RequestAccess';
import { requestAccessSearch } from '../features/app-requests/search';

/**
 * An end user asks their workspace's admins for the app (docs/rocketchat.md, App requests): Rocket.Chat opens
 * /apps/{appId}/requestAccess?workspaceId&frameworkVersion&requester&admins in a modal's iframe, without a token.
 */
export const Route = createFileRoute('/apps/$appId/requestAccess')({
  validateSearch: requestAccessSearch,
  component: function RequestAccessPage() {
    const { appId } = Route.useParams();
    const search = Route.useSearch();
    return <RequestAccess appId={appId} workspaceId={search.workspaceId} search={search} />;
  },
});
