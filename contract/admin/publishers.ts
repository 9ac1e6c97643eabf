import { z } from 'zod';
import { can, onRow } from '../access';
import { c } from '../c';
import { Ok, PageQuery, errorsOf, paged } from '../common';
import { App } from '../schemas/app';
import { Developer, DeveloperEditInput, RoleInput, SystemRoleInput } from '../schemas/developer';
import { AdminPublisherUpdateInput, PayoutInput, PayoutResponse, Publisher, PublisherActivity, PublisherEmailInput } from '../schemas/publisher';

const id = z.object({ id: z.string() });
const idDev = z.object({ id: z.string(), devId: z.string() });
const read = can('system:publishers', 'read');
const update = can('system:publishers', 'update');

export const adminPublishers = c.router({
  list: {
    method: 'GET',
    path: '/admin/publishers',
    query: PageQuery.extend({ q: z.string().max(100).optional() }),
    responses: { 200: paged(Publisher), ...errorsOf('feature') },
    metadata: read,
    summary: 'Every publisher',
  },
  get: {
    method: 'GET',
    path: '/admin/publishers/:id',
    pathParams: id,
    responses: { 200: Publisher, ...errorsOf('feature', { params: true }) },
    metadata: onRow('publisher', read),
    summary: 'One publisher',
  },
  update: {
    method: 'POST',
    path: '/admin/publishers/:id',
    pathParams: id,
    body: AdminPublisherUpdateInput,
    responses: { 200: Publisher, ...errorsOf('feature', { params: true, body: 'json' }) },
    metadata: onRow('publisher', update),
    summary: 'Edit a publisher’s name and flags',
  },
  apps: {
    method: 'GET',
    path: '/admin/publishers/:id/apps',
    pathParams: id,
    responses: { 200: z.array(App), ...errorsOf('feature', { params: true }) },
    metadata: onRow('publisher', read),
    summary: 'A publisher’s apps',
  },
  bundles: {
    method: 'GET',
    path: '/admin/publishers/:id/bundles',
    pathParams: id,
    responses: { 200: z.array(App), ...errorsOf('feature', { params: true }) },
    metadata: onRow('publisher', read),
    summary: 'A publisher’s bundles',
  },
  /** Not in SPEC §7: what staff did to the publisher, newest first. */
  activity: {
    method: 'GET',
    path: '/admin/publishers/:id/activity',
    pathParams: id,
    query: PageQuery,
    responses: { 200: paged(PublisherActivity), ...errorsOf('feature', { params: true }) },
    metadata: onRow('publisher', read),
    summary: 'Staff actions on a publisher, and its requests to staff (who, what, when), newest first',
  },
  developers: {
    method: 'GET',
    path: '/admin/publishers/:id/developers',
    pathParams: id,
    responses: { 200: z.array(Developer), ...errorsOf('feature', { params: true }) },
    metadata: onRow('publisher', read),
    summary: 'A publisher’s developers',
  },
  updateDeveloper: {
    method: 'POST',
    path: '/admin/publishers/:id/developers/:devId',
    pathParams: idDev,
    body: DeveloperEditInput,
    responses: { 200: Developer, ...errorsOf('feature', { params: true, body: 'json' }) },
    metadata: onRow('publisherDeveloper', update),
    summary: 'Edit a developer',
  },
  developerRole: {
    method: 'POST',
    path: '/admin/publishers/:id/developers/:devId/role',
    pathParams: idDev,
    body: RoleInput,
    responses: { 200: Developer, ...errorsOf('feature', { params: true, body: 'json', conflict: true }) },
    metadata: onRow('publisherDeveloper', update),
    summary: 'Set a developer’s publisher role',
  },
  developerSystemRole: {
    method: 'POST',
    path: '/admin/publishers/:id/developers/:devId/system-role',
    pathParams: idDev,
    body: SystemRoleInput,
    responses: { 200: Developer, ...errorsOf('feature', { params: true, body: 'json' }) },
    // System roles are given by system admins only (docs/spec.md §2), whatever else may update publishers.
    metadata: onRow('publisherDeveloper', { ...update, systemRole: 'admin' }),
    summary: 'Set a developer’s system role',
  },
  email: {
    method: 'POST',
    path: '/admin/publishers/:id/email',
    pathParams: id,
    body: PublisherEmailInput,
    responses: { 200: Ok, ...errorsOf('feature', { params: true, body: 'json', conflict: true }) },
    metadata: onRow('publisher', update),
    summary: 'Email a publisher',
  },
  payout: {
    method: 'POST',
    path: '/admin/publishers/:id/payout',
    pathParams: id,
    /**
     * A repeated request with the same key answers the first one's payout instead of paying again; the key
     * sent with another publisher or amount is a 409 (`idempotency_key_reused`), paying nothing.
     */
    headers: z.object({
      'idempotency-key': z
        .string()
        .regex(/^[A-Za-z0-9_-]{8,128}$/)
        .optional(),
    }),
    body: PayoutInput,
    responses: { 200: PayoutResponse, ...errorsOf('feature', { params: true, body: 'json', conflict: true, upstream: true }) },
    metadata: onRow('publisher', update),
    summary: 'Pay out from the publisher’s available balance',
  },
});
