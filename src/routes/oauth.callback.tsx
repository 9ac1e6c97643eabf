import { createFileRoute } from '@tanstack/react-router';
import { optionalText } from '../lib/search';
import { CallbackPage } from '../features/auth/CallbackPage';

export const Route = createFileRoute('/oauth/callback')({
  validateSearch: (s: { code?: unknown; state?: unknown }) => ({ code: optionalText(s.code), state: optionalText(s.state) }),
  component: function Callback() {
    const { code = '', state = '' } = Route.useSearch();
    return <CallbackPage code={code} state={state} />;
  },
});
