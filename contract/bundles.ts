import { z } from 'zod';
import { can, canOn } from './access';
import { c } from './c';
import { PageQuery, errorsOf, paged } from './common';
import { App } from './schemas/app';
import { BundleUpload } from './schemas/bundle';

export const bundles = c.router({
  list: {
    method: 'GET',
    path: '/publisher/bundles',
    query: PageQuery,
    responses: { 200: paged(App), ...errorsOf('feature') },
    metadata: can('bundle', 'read'),
    summary: 'The publisher’s bundles',
  },
  create: {
    method: 'POST',
    path: '/publisher/bundles',
    contentType: 'multipart/form-data',
    body: BundleUpload,
    responses: { 201: z.object({ appId: z.string() }), ...errorsOf('feature', { body: 'multipart', limited: true }) },
    metadata: can('bundle', 'create'),
    summary: 'Publish a new bundle (parts `bundleInfo` JSON and `appIds` JSON list)',
  },
  apps: {
    method: 'GET',
    path: '/publisher/bundles/:id/apps',
    pathParams: z.object({ id: z.string() }),
    responses: { 200: z.array(App), ...errorsOf('feature', { params: true }) },
    metadata: canOn('bundle', 'bundle', 'read'),
    summary: 'Apps included in a bundle',
  },
});
