import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { WebhookDetails } from '../features/webhooks/WebhookDetails';
import { WebhooksGate } from '../features/webhooks/WebhooksGate';
import { pageParam, sizeParam } from '../lib/search';

export const Route = createFileRoute('/publisher/webhooks/$id')({
  validateSearch: (s: { page?: unknown; size?: unknown } & SearchSchemaInput) => ({ page: pageParam(s.page), size: sizeParam(s.size) }),
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
