import { z } from 'zod';
import { LIMITS, isWebUrl, tooLong } from '../common';

export const webhookEvents = [
  'app.subscription.created',
  'app.subscription.cancelled',
  'app.subscription.modified',
  'app.subscription.migrated',
  'app.purchase.created',
  // A one-time purchase refunded by staff (beyond SPEC's five; docs/commerce.md, sales events).
  'app.purchase.refunded',
] as const;
export const WebhookEvent = z.enum(webhookEvents);

export const Webhook = z.object({
  id: z.string(),
  label: z.string(),
  enabled: z.boolean(),
  url: z.string(),
  for: z.array(WebhookEvent),
  createdAt: z.string(),
  /** The first failed delivery since the last successful one; an endpoint failing for 5 days is disabled. */
  failingSince: z.string().nullable(),
});

/** The new webhook's answer: its signing secret, shown once here (and to who may update the publisher). */
export const CreatedWebhook = Webhook.extend({ secret: z.string() });

/** The signing secret; after a rotation the previous one still signs until `previousSecretUntil`. */
export const WebhookSecret = z.object({ secret: z.string(), previousSecretUntil: z.string().nullable() });

/**
 * SPEC §5 Webhook. The url is a web address here; the server adds the address rules (https:// on a public
 * address — http:// and private addresses only where WEBHOOKS_ALLOW_PRIVATE_NETWORKS allows them, in
 * development), with the same 'Invalid url' message for a scheme it refuses.
 */
export const WebhookInput = z.object({
  label: z
    .string({ error: 'Please provide a label for the webhook' })
    .trim()
    .min(1, { error: 'Please provide a label for the webhook' })
    .max(LIMITS.title, { error: tooLong(LIMITS.title) }),
  enabled: z.boolean(),
  url: z
    .string({ error: 'Please provide the url of the webhook' })
    .trim()
    .min(1, { error: 'Please provide the url of the webhook' })
    .max(LIMITS.url, { error: 'Invalid url, it must start with "https://".' })
    .refine((v) => isWebUrl(v), { error: 'Invalid url, it must start with "https://".' }),
  for: z.array(WebhookEvent).min(1, { error: 'You must select at least one event this webhook listens for.' }).max(webhookEvents.length),
});

export const webhookActivityStatuses = ['created', 'internal-error', 'delivered', 'failure', 'timeout'] as const;
export const WebhookAttempt = z.object({
  at: z.string(),
  status: z.enum(['internal-error', 'delivered', 'failure', 'timeout']),
  statusCode: z.number().int(),
  ms: z.number(),
  error: z.string().optional(),
});

export const WebhookActivity = z.object({
  id: z.string(),
  status: z.enum(webhookActivityStatuses),
  event: z.object({ id: z.string(), type: WebhookEvent }),
  payload: z.unknown(),
  response: z.object({ statusCode: z.number().int(), response: z.string(), responseType: z.string() }),
  createdAt: z.string(),
  resent: z.boolean(),
  /** Every attempt so far, oldest first; `nextAttemptAt` when another is planned. */
  attempts: z.array(WebhookAttempt),
  nextAttemptAt: z.string().nullable(),
});

/** The retry schedule after a failed delivery, in seconds: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const WEBHOOK_RETRY_DELAYS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;

/** SPEC §8 webhook texts, and the 403 page. */
export const WEBHOOK_TEXT = {
  disabledTitle: 'Webhooks Disabled',
  listFailed: 'The Marketplace Server did not respond when trying to list the webhook activity logs',
  resendFailed: 'The Marketplace Server failed to respond to the resend request.',
  alreadyResent: 'This delivery was already resent.',
  turnedOff: 'This webhook is turned off: turn it on to send it events.',
  empty: 'No webhooks found! Create one today',
} as const;
