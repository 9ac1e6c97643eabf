import { z } from 'zod';
import { can } from './access';
import { c } from './c';
import { errors, NoBody, paged, PageQuery } from './common';
import { Webhook, WebhookActivity, WebhookInput } from './schemas/webhook';

const id = z.object({ id: z.string() });

export const webhooks = c.router({
  list: {
    method: 'GET',
    path: '/publisher/webhooks',
    responses: { 200: z.array(Webhook), ...errors },
    metadata: can('publisher', 'read'),
    summary: 'Webhooks of the publisher (403 unless canUseWebhooks)',
  },
  create: {
    method: 'POST',
    path: '/publisher/webhooks',
    body: WebhookInput,
    responses: { 201: Webhook, ...errors },
    metadata: can('publisher', 'update'),
    summary: 'New webhook',
  },
  get: {
    method: 'GET',
    path: '/publisher/webhooks/:id',
    pathParams: id,
    responses: { 200: Webhook, ...errors },
    metadata: can('publisher', 'read'),
    summary: 'One webhook',
  },
  activities: {
    method: 'GET',
    path: '/publisher/webhooks/:id/activities',
    pathParams: id,
    query: PageQuery,
    responses: { 200: paged(WebhookActivity), ...errors },
    metadata: can('publisher', 'read'),
    summary: 'Delivery log of a webhook',
  },
  resend: {
    method: 'POST',
    path: '/publisher/webhooks/:id/activities/:activityId',
    pathParams: z.object({ id: z.string(), activityId: z.string() }),
    body: NoBody,
    responses: { 200: WebhookActivity, ...errors },
    metadata: can('publisher', 'update'),
    summary: 'Resend one delivery',
  },
});
