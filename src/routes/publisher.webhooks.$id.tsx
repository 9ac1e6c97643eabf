import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { WebhookDetails } from '../features/webhooks/WebhookDetails';
import { WebhooksGate } from '../features/webhooks/WebhooksGate';
import { pageParam, sizeParam } from '../lib/search';

export const Route = createFileRoute('/publisher/webhooks/$id')({
  validateSearch: (s: { page?: unknown; size?: unknown } & SearchSchemaInput) => ({ page: pageParam(s.page), size: sizeParam(s.size) }),
  loaderDeps: ({ search }) => ({ page: search.page, size: search.size }),
  // The webhook and its activity log start loading beside the screen's code (never awaited: the screen shows its
  // own loading state), as the screen asks for them: only for a publisher that may use webhooks (the others see
  // the 'Webhooks Disabled' page), and the log once the webhook is found (an unknown one shows 'Webhook not
  // found' and no log). The query options load with the screen's chunk, not with the entry.
  loader: ({ context, params, deps }) => {
    if (!context.account.publisher?.canUseWebhooks) return;
    void import('../features/webhooks/api').then(async ({ webhookQuery, activitiesQuery }) => {
      const { queryClient } = context;
      await queryClient.prefetchQuery(webhookQuery(params.id));
      if (queryClient.getQueryData(webhookQuery(params.id).queryKey)) await queryClient.prefetchQuery(activitiesQuery(params.id, deps.page, deps.size));
    });
  },
  component: function Webhook() {
    const { id } = Route.useParams();
    const { page, size } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <WebhooksGate>
        <WebhookDetails id={id} page={page} size={size} onPage={(p, n) => void navigate({ search: { page: p, size: n } })} />
      </WebhooksGate>
    );
  },
});
