import { WEBHOOK_TEXT } from '../../../contract/schemas/webhook';

/** SPEC §3, §5 and §8 texts of the webhook screens (verbatim), and this portal's own. */
export const webhookText = {
  ...WEBHOOK_TEXT,
  disabledText: 'Your publisher account cannot use webhooks yet. Ask the marketplace team to turn them on.',
  requestAccess: 'Request Access',
  newWebhook: 'New Webhook',
  emptyText: 'A webhook sends your server each sale and subscription change, signed, as it happens.',
  created: 'Webhook created.',
  secretTitle: 'Signing secret',
  secretText: 'Verify each delivery’s webhook-signature with this secret (any Standard Webhooks library does it). Keep it on your server only.',
  rotated: 'A new secret now signs every delivery. The previous one keeps signing beside it for 24 hours.',
  testQueued: 'A test event is on its way.',
  resendQueued: 'The event is being sent again.',
} as const;

export const eventLabels: Record<string, string> = {
  'app.subscription.created': 'Subscription created',
  'app.subscription.cancelled': 'Subscription cancelled',
  'app.subscription.modified': 'Subscription modified',
  'app.subscription.migrated': 'Subscription migrated',
  'app.purchase.created': 'Purchase created',
  'app.purchase.refunded': 'Purchase refunded',
};

export const statusColors = { created: 'gray', delivered: 'green', failure: 'red', timeout: 'orange', 'internal-error': 'red' } as const;
