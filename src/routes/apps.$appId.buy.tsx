import { createFileRoute } from '@tanstack/react-router';
import { BuyCheckout } from '../features/checkout/BuyCheckout';

/** Buying an app once: its price, the terms, then the payment provider's page; back here with `session`. */
export const Route = createFileRoute('/apps/$appId/buy')({
  component: function Buy() {
    const { appId } = Route.useParams();
    return <BuyCheckout appId={appId} search={Route.useSearch()} />;
  },
});
