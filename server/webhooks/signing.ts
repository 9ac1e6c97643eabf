import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** How long a rotated-out secret keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** A new signing secret: `whsec_` and 32 random bytes in base64 (Standard Webhooks' format). */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The Standard Webhooks headers of one delivery: `webhook-id` (the event's id, the same on every attempt),
 * `webhook-timestamp` (seconds, when this attempt is made) and `webhook-signature` — one `v1,<base64>`
 * signature per secret in use, space separated (two while a rotated-out secret still signs).
 */
export function signedHeaders(eventId: string, body: string, secrets: string[], at: Date) {
  const signature = secrets.map((secret) => new Webhook(secret).sign(eventId, at, body)).join(' ');
  return { 'webhook-id': eventId, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature };
}

/** The secrets that sign now: the current one, and the previous one until its overlap ends. */
export function secretsInUse(w: { secret: string; previousSecret: string | null; previousSecretUntil: Date | null }, now: Date) {
  return w.previousSecret && w.previousSecretUntil && w.previousSecretUntil > now ? [w.secret, w.previousSecret] : [w.secret];
}
