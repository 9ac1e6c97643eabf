import { z } from 'zod';
import { LIMITS, isWebUrl, tooLong } from '../common';

export const webhookEvents = [
  'app.subscription.created',
  'app.subscription.cancelled',
  'app.subscription.modified',
  'app.subscription.migrated',
  'app.purchase.created',
] as const;
export const WebhookEvent = z.enum(webhookEvents);

export const Webhook = z.object({
  id: z.string(),
  label: z.string(),
  enabled: z.boolean(),
  url: z.string(),
  for: z.array(WebhookEvent),
});

/** SPEC §5 Webhook; the url must start with the publisher's host (https). */
export const WebhookInput = z.object({
  label: z.string({ error: 'Please provide a label for the webhook' }).trim().min(1, { error: 'Please provide a label for the webhook' }).max(LIMITS.title, { error: tooLong(LIMITS.title) }),
  enabled: z.boolean(),
  url: z
    .string({ error: 'Please provide the url of the webhook' })
    .trim()
    .min(1, { error: 'Please provide the url of the webhook' })
    .max(LIMITS.url, { error: 'Invalid url, it must start with "https://".' })
    .refine((v) => isWebUrl(v, true), { error: 'Invalid url, it must start with "https://".' }),
  for: z.array(WebhookEvent).min(1, { error: 'You must select at least one event this webhook listens for.' }).max(webhookEvents.length),
});

export const webhookActivityStatuses = ['created', 'internal-error', 'delivered', 'failure', 'timeout'] as const;
export const WebhookActivity = z.object({
  id: z.string(),
  status: z.enum(webhookActivityStatuses),
  event: z.object({ id: z.string(), type: WebhookEvent }),
  payload: z.unknown(),
  response: z.object({ statusCode: z.number().int(), response: z.string(), responseType: z.string() }),
  createdAt: z.string(),
  resent: z.boolean(),
});
