import { createFileRoute } from '@tanstack/react-router';
import { SubscribeCheckout } from '../features/checkout/SubscribeCheckout';

/** Subscribing: a plan (and seats for a per-seat plan), a review with the terms, then the payment provider's page. */
export const Route = createFileRoute('/apps/$appId/subscribe/')({
  component: function Subscribe() {
    const { appId } = Route.useParams();
    return <SubscribeCheckout appId={appId} search={Route.useSearch()} />;
  },
});
