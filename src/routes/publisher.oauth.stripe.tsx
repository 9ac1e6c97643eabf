import { createFileRoute } from '@tanstack/react-router';
import { StripeReturn } from '../features/publisher-info/StripeReturn';
import { optionalText } from '../lib/search';

export const Route = createFileRoute('/publisher/oauth/stripe')({
  validateSearch: (s: { code?: unknown; state?: unknown }) => ({ code: optionalText(s.code), state: optionalText(s.state) }),
  component: function StripeReturnRoute() {
    const { code = '', state = '' } = Route.useSearch();
    return <StripeReturn code={code} state={state} />;
  },
});
