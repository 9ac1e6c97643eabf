import { createFileRoute } from '@tanstack/react-router';
import { Incompatible } from '../features/app-requests/Incompatible';
import { incompatibleSearch } from '../features/app-requests/search';

/** A version of the app this workspace's Rocket.Chat cannot run (docs/rocketchat.md, App requests): Rocket.Chat opens it in a modal's iframe. */
export const Route = createFileRoute('/apps/$appId/incompatible/$version/$action')({
  validateSearch: incompatibleSearch,
  // The version's request starts beside the page's code, never awaited: the page shows its own loading and error states.
  loader: ({ context, params }) => {
    void import('../features/app-requests/api').then(({ listedVersionQuery }) =>
      context.queryClient.prefetchQuery(listedVersionQuery(params.appId, params.version)),
    );
  },
  component: function IncompatiblePage() {
    const { appId, version, action } = Route.useParams();
    return <Incompatible appId={appId} version={version} action={action} search={Route.useSearch()} />;
  },
});
