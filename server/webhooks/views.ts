import type { z } from 'zod';
import type { Webhook, WebhookActivity } from '../../contract/schemas/webhook';
import type { webhookActivities, webhooks } from '../db/schema';

type WebhookRow = typeof webhooks.$inferSelect;
type ActivityRow = typeof webhookActivities.$inferSelect;

export const toWebhook = (w: WebhookRow): z.infer<typeof Webhook> => ({
  id: w.id,
  label: w.label,
  enabled: w.enabled,
  url: w.url,
  for: w.events as z.infer<typeof Webhook>['for'],
  createdAt: w.createdAt.toISOString(),
  failingSince: w.failingSince?.toISOString() ?? null,
});

export const toActivity = (a: ActivityRow): z.infer<typeof WebhookActivity> => ({
  id: a.id,
  status: a.status,
  event: { id: a.eventId, type: a.eventType as z.infer<typeof WebhookActivity>['event']['type'] },
  payload: a.payload,
  response: { statusCode: a.responseStatusCode, response: a.responseBody, responseType: a.responseType },
  createdAt: a.createdAt.toISOString(),
  resent: a.resent,
  attempts: a.attempts as z.infer<typeof WebhookActivity>['attempts'],
  nextAttemptAt: a.nextAttemptAt?.toISOString() ?? null,
});
