import { z } from 'zod';
import { can, canOn } from './access';
import { c } from './c';
import { errorsOf, NoBody, paged, PageQuery } from './common';
import { CreatedWebhook, Webhook, WebhookActivity, WebhookInput, WebhookSecret } from './schemas/webhook';

const id = z.object({ id: z.string() });

export const webhooks = c.router({
  list: {
    method: 'GET',
    path: '/publisher/webhooks',
    responses: { 200: z.array(Webhook), ...errorsOf('feature') },
    metadata: can('webhook', 'read'),
    summary: 'Webhooks of the publisher (403 unless canUseWebhooks)',
  },
  create: {
    method: 'POST',
    path: '/publisher/webhooks',
    body: WebhookInput,
    responses: { 201: CreatedWebhook, ...errorsOf('feature', { body: 'json' }) },
    metadata: can('webhook', 'create'),
    summary: 'New webhook',
  },
  get: {
    method: 'GET',
    path: '/publisher/webhooks/:id',
    pathParams: id,
    responses: { 200: Webhook, ...errorsOf('feature', { params: true }) },
    metadata: canOn('webhook', 'webhook', 'read'),
    summary: 'One webhook',
  },
  activities: {
    method: 'GET',
    path: '/publisher/webhooks/:id/activities',
    pathParams: id,
    query: PageQuery,
    responses: { 200: paged(WebhookActivity), ...errorsOf('feature', { params: true }) },
    metadata: canOn('webhook', 'webhook', 'read'),
    summary: 'Delivery log of a webhook',
  },
  resend: {
    method: 'POST',
    path: '/publisher/webhooks/:id/activities/:activityId',
    pathParams: z.object({ id: z.string(), activityId: z.string() }),
    body: NoBody,
    responses: { 200: WebhookActivity, ...errorsOf('feature', { params: true, body: 'json', conflict: true }) },
    metadata: canOn('webhookActivity', 'webhook', 'update'),
    summary: 'Resend one delivery',
  },
  setEnabled: {
    method: 'POST',
    path: '/publisher/webhooks/:id/enabled',
    pathParams: id,
    body: z.object({ enabled: z.boolean() }),
    responses: { 200: Webhook, ...errorsOf('feature', { params: true, body: 'json' }) },
    metadata: canOn('webhook', 'webhook', 'update'),
    summary: 'Turn a webhook on or off (one disabled after 5 days of failures is turned back on here)',
  },
  sendTest: {
    method: 'POST',
    path: '/publisher/webhooks/:id/test',
    pathParams: id,
    body: NoBody,
    responses: { 201: WebhookActivity, ...errorsOf('feature', { params: true, body: 'json', conflict: true }) },
    metadata: canOn('webhook', 'webhook', 'update'),
    summary: 'Send a test event (the first event type the webhook listens to, data.test true)',
  },
  secret: {
    method: 'GET',
    path: '/publisher/webhooks/:id/secret',
    pathParams: id,
    responses: { 200: WebhookSecret, ...errorsOf('feature', { params: true }) },
    metadata: canOn('webhook', 'webhook', 'update'),
    summary: 'Reveal the signing secret',
  },
  rotateSecret: {
    method: 'POST',
    path: '/publisher/webhooks/:id/secret',
    pathParams: id,
    body: NoBody,
    responses: { 200: WebhookSecret, ...errorsOf('feature', { params: true, body: 'json' }) },
    metadata: canOn('webhook', 'webhook', 'update'),
    summary: 'Rotate the signing secret (the previous one keeps signing beside it for 24 hours)',
  },
});
