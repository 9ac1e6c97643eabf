import { z } from 'zod';
import { can, onRow } from '../access';
import { c } from '../c';
import { errorsOf, NoBody, Ok, paged, PageQuery } from '../common';
import { App, CompileJob } from '../schemas/app';
import { PurchaseRecord, Workspace } from '../schemas/commerce';
import { Category, CategoryInput, Featured, FeaturedApp, FeaturedAppsQuery, FeaturedInput } from '../schemas/catalog';

const id = z.object({ id: z.string() });

export const adminWorkspaces = c.router({
  get: {
    method: 'GET',
    path: '/admin/workspaces/:id',
    pathParams: id,
    responses: { 200: Workspace, ...errorsOf('feature', { params: true }) },
    metadata: onRow('workspace', { ...can('system:workspaces', 'read'), systemRole: 'admin' }),
    summary: 'A workspace (system admins only)',
  },
  purchases: {
    method: 'GET',
    path: '/admin/workspaces/:id/purchases',
    pathParams: id,
    responses: { 200: z.array(PurchaseRecord), ...errorsOf('feature', { params: true }) },
    metadata: onRow('workspace', { ...can('system:workspaces', 'read'), systemRole: 'admin' }),
    summary: 'Purchase records of a workspace (system admins only)',
  },
});

export const adminBundles = c.router({
  list: {
    method: 'GET',
    path: '/admin/bundles',
    query: PageQuery.extend({ q: z.string().max(100).optional() }),
    responses: { 200: paged(App), ...errorsOf('feature') },
    metadata: can('system:bundles', 'read'),
    summary: 'Every bundle',
  },
  get: {
    method: 'GET',
    path: '/admin/bundles/:id',
    pathParams: id,
    responses: { 200: App, ...errorsOf('feature', { params: true }) },
    metadata: onRow('bundle', can('system:bundles', 'read')),
    summary: 'One bundle',
  },
  apps: {
    method: 'GET',
    path: '/admin/bundles/:id/apps',
    pathParams: id,
    responses: { 200: z.array(App), ...errorsOf('feature', { params: true }) },
    metadata: onRow('bundle', can('system:bundles', 'read')),
    summary: 'Apps in a bundle',
  },
});

export const adminJobs = c.router({
  list: {
    method: 'GET',
    path: '/admin/jobs',
    query: PageQuery,
    responses: { 200: paged(CompileJob), ...errorsOf('feature') },
    metadata: can('system:compileJobs', 'read'),
    summary: 'Compile jobs, newest first',
  },
});

export const adminCategories = c.router({
  list: {
    method: 'GET',
    path: '/admin/categories',
    responses: { 200: z.array(Category), ...errorsOf('feature') },
    metadata: can('system:categories', 'read'),
    summary: 'Categories',
  },
  create: {
    method: 'POST',
    path: '/admin/categories',
    body: CategoryInput,
    responses: { 201: Category, ...errorsOf('feature', { body: 'json', conflict: true }) },
    metadata: can('system:categories', 'create'),
    summary: 'New category',
  },
});

export const adminFeatured = c.router({
  list: {
    method: 'GET',
    path: '/admin/featured',
    responses: { 200: Featured, ...errorsOf('feature') },
    metadata: can('system:featured', 'read'),
    summary: 'Featured sections',
  },
  // Path not shown in the spec: what the drawer's App select offers.
  apps: {
    method: 'GET',
    path: '/admin/featured/apps',
    query: FeaturedAppsQuery,
    responses: { 200: z.array(FeaturedApp), ...errorsOf('feature') },
    metadata: can('system:featured', 'read'),
    summary: 'Published apps that may be featured (the first 50 by name, filtered by `q`)',
  },
  create: {
    method: 'POST',
    path: '/admin/featured',
    body: FeaturedInput,
    responses: { 201: Featured, ...errorsOf('feature', { body: 'json', conflict: true }) },
    metadata: can('system:featured', 'create'),
    summary: 'Feature a published app in a section',
  },
  remove: {
    method: 'DELETE',
    path: '/admin/featured/:type/:id',
    pathParams: z.object({ type: z.string(), id: z.string() }),
    body: NoBody,
    responses: { 200: Ok, ...errorsOf('feature', { params: true, body: 'json' }) },
    metadata: onRow('featured', can('system:featured', 'delete')),
    summary: 'Remove an app from a featured section',
  },
});
