import { z } from 'zod';
import { can, onRow } from '../access';
import { c } from '../c';
import { errorsOf, NoBody, Ok, paged, PageQuery } from '../common';
import { CreatePurchaseInput, PurchaseDetail, PurchaseRecord, UpdatePurchaseInput } from '../schemas/commerce';

const id = z.object({ id: z.string() });
/** Created: newest first (the default) or oldest first. */
export const PurchaseOrder = z.enum(['desc', 'asc']).default('desc');
const csv = c.otherResponse({ contentType: 'text/csv; charset=utf-8', body: z.string() });

export const adminPurchases = c.router({
  list: {
    method: 'GET',
    path: '/admin/purchases',
    query: PageQuery.extend({ order: PurchaseOrder }),
    responses: { 200: paged(PurchaseRecord), ...errorsOf('feature') },
    metadata: can('system:purchaseRecords', 'read'),
    summary: 'Purchase records by date created, newest (or, with order=asc, oldest) first',
  },
  export: {
    method: 'GET',
    path: '/admin/purchases/export',
    query: z.object({ order: PurchaseOrder }),
    responses: { 200: csv, ...errorsOf('feature') },
    metadata: can('system:purchaseRecords', 'read'),
    summary: "Every purchase record as CSV, streamed, in the list's order",
  },
  get: {
    method: 'GET',
    path: '/admin/purchases/:id',
    pathParams: id,
    responses: { 200: PurchaseDetail, ...errorsOf('feature', { params: true }) },
    metadata: onRow('purchase', can('system:purchaseRecords', 'read')),
    summary: 'One purchase record with its app, account and workspace',
  },
  create: {
    method: 'POST',
    path: '/admin/purchases',
    body: CreatePurchaseInput,
    responses: { 201: PurchaseRecord, ...errorsOf('feature', { body: 'json' }) },
    metadata: can('system:purchaseRecords', 'create'),
    summary: 'Create an externally managed purchase record',
  },
  update: {
    method: 'POST',
    path: '/admin/purchases/:id',
    pathParams: id,
    body: UpdatePurchaseInput,
    responses: { 200: PurchaseRecord, ...errorsOf('feature', { params: true, body: 'json', conflict: true }) },
    metadata: onRow('purchase', can('system:purchaseRecords', 'update')),
    summary: 'Edit a subscription purchase record',
  },
  remove: {
    method: 'DELETE',
    path: '/admin/purchases/:id',
    pathParams: id,
    body: NoBody,
    responses: { 200: Ok, ...errorsOf('feature', { params: true, body: 'json', conflict: true }) },
    metadata: onRow('purchase', can('system:purchaseRecords', 'delete')),
    summary: 'Delete an externally managed purchase record',
  },
});
