import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { CallbackPage } from '../features/auth/CallbackPage';

export const Route = createFileRoute('/oauth/callback')({
  validateSearch: z.object({ code: z.string().optional().catch(undefined), state: z.string().optional().catch(undefined) }),
  component: function Callback() {
    const { code = '', state = '' } = Route.useSearch();
    return <CallbackPage code={code} state={state} />;
  },
});
