import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { WebhooksGate } from '../features/webhooks/WebhooksGate';
import { WebhooksList } from '../features/webhooks/WebhooksList';
import { dialogStep, flagParam } from '../lib/search';

export const Route = createFileRoute('/publisher/webhooks/')({
  // `?new=1`: the New Webhook drawer is open.
  validateSearch: (s: { new?: unknown } & SearchSchemaInput): { new?: 1 } => (flagParam(s.new) ? { new: 1 } : {}),
  // The list's request starts beside the screen's code (never awaited: the screen shows its own loading state), and
  // only for a publisher that may use webhooks: the others see the 'Webhooks Disabled' page, which asks for nothing.
  // The query options load with the screen's chunk, not with the entry.
  loader: ({ context }) => {
    if (context.account.publisher?.canUseWebhooks)
      void import('../features/webhooks/api').then(({ webhooksQuery }) => context.queryClient.prefetchQuery(webhooksQuery));
  },
  component: function Webhooks() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <WebhooksGate>
        <WebhooksList
          creating={search.new === 1}
          onCreating={(open) => void navigate({ search: (prev) => ({ ...prev, new: open ? 1 : undefined }), ...dialogStep(open) })}
        />
      </WebhooksGate>
    );
  },
});
