import { createFileRoute } from '@tanstack/react-router';
import { WebhooksGate } from '../features/webhooks/WebhooksGate';
import { WebhooksList } from '../features/webhooks/WebhooksList';

export const Route = createFileRoute('/publisher/webhooks/')({
  component: () => (
    <WebhooksGate>
      <WebhooksList />
    </WebhooksGate>
  ),
});
