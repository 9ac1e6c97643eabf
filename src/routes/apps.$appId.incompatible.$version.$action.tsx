import { createFileRoute } from '@tanstack/react-router';
import { Incompatible } from '../features/app-requests/Incompatible';
import { incompatibleSearch } from '../features/app-requests/search';

/** A version of the app this workspace's Rocket.Chat cannot run (docs/rocketchat.md, App requests): Rocket.Chat opens it in a modal's iframe. */
export const Route = createFileRoute('/apps/$appId/incompatible/$version/$action')({
  validateSearch: incompatibleSearch,
  component: function IncompatiblePage() {
    const { appId, version, action } = Route.useParams();
    return <Incompatible appId={appId} version={version} action={action} search={Route.useSearch()} />;
  },
});
