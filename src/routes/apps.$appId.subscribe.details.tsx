import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionDetails } from '../features/checkout/SubscriptionDetails';

/** Managing the workspace's subscription: its plan, seats, status and period end; change the seats, or cancel. */
export const Route = createFileRoute('/apps/$appId/subscribe/details')({
  component: function Details() {
    const { appId } = Route.useParams();
    return <SubscriptionDetails appId={appId} search={Route.useSearch()} />;
  },
});
