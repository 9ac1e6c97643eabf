import { z } from 'zod';
import { can, onRow } from '../access';
import { c } from '../c';
import { PageQuery, errorsOf, paged } from '../common';
import {
  ActivityLog,
  AdminAction,
  AdminActionInput,
  App,
  AppStats,
  AppVersion,
  CompileJob,
  DownloadQuery,
  DownloadResponse,
  EnterpriseOnlyInput,
  Secret,
  UsageBasedInput,
  UsageRecord,
} from '../schemas/app';
import { DiffQuery, VersionDiff } from '../schemas/diff';
import { Price } from '../schemas/price';

const id = z.object({ id: z.string() });
const read = can('system:apps', 'read');
const update = can('system:apps', 'update');

export const adminApps = c.router({
  list: {
    method: 'GET',
    path: '/admin/apps',
    query: PageQuery.extend({ q: z.string().max(100).optional() }),
    responses: { 200: paged(App), ...errorsOf('feature') },
    metadata: read,
    summary: 'Every app of every publisher',
  },
  get: {
    method: 'GET',
    path: '/admin/app/:id',
    pathParams: id,
    responses: { 200: App, ...errorsOf('feature', { params: true }) },
    metadata: onRow('app', read),
    summary: 'One app',
  },
  all: {
    method: 'GET',
    path: '/admin/app/:id/all',
    pathParams: id,
    responses: { 200: z.array(AppVersion), ...errorsOf('feature', { params: true }) },
    metadata: onRow('app', read),
    summary: 'Every version of an app',
  },
  stats: {
    method: 'GET',
    path: '/admin/app/:id/stats',
    pathParams: id,
    responses: { 200: AppStats, ...errorsOf('feature', { params: true }) },
    metadata: onRow('app', read),
    summary: 'App stats',
  },
  jobs: {
    method: 'GET',
    path: '/admin/app/:id/jobs',
    pathParams: id,
    responses: { 200: z.array(CompileJob), ...errorsOf('feature', { params: true }) },
    metadata: onRow('app', read),
    summary: 'Compile jobs of an app',
  },
  job: {
    method: 'GET',
    path: '/admin/app/:id/jobs/:jobId',
    pathParams: z.object({ id: z.string(), jobId: z.string() }),
    responses: { 200: CompileJob, ...errorsOf('feature', { params: true }) },
    metadata: onRow('compileJob', read),
    summary: 'One compile job',
  },
  usage: {
    method: 'GET',
    path: '/admin/app/:id/usage',
    pathParams: id,
    query: PageQuery,
    responses: { 200: paged(UsageRecord), ...errorsOf('feature', { params: true }) },
    metadata: onRow('app', read),
    summary: 'Usage records (paged 5 per page in the UI)',
  },
  prices: {
    method: 'GET',
    path: '/admin/app/:id/prices',
    pathParams: id,
    responses: { 200: z.array(Price), ...errorsOf('feature', { params: true }) },
    metadata: onRow('app', read),
    summary: 'Prices of an app',
  },
  activityLogs: {
    method: 'GET',
    path: '/admin/app/:id/activityLogs',
    pathParams: id,
    query: PageQuery,
    responses: { 200: paged(ActivityLog), ...errorsOf('feature', { params: true }) },
    metadata: onRow('app', read),
    summary: 'Staff actions on an app (paged 5 per page in the UI)',
  },
  secret: {
    method: 'GET',
    path: '/admin/secret',
    responses: { 200: Secret, ...errorsOf('feature') },
    metadata: update,
    summary: 'A short-lived secret for package download links',
  },
  enterpriseOnly: {
    method: 'POST',
    path: '/admin/app/:id/enterpriseOnly',
    pathParams: id,
    body: EnterpriseOnlyInput,
    responses: { 200: App, ...errorsOf('feature', { params: true, body: 'json', conflict: true }) },
    metadata: onRow('app', update),
    summary: 'Make an app premium-only (irreversible)',
  },
  usageBased: {
    method: 'POST',
    path: '/admin/app/:id/usageBased',
    pathParams: id,
    body: UsageBasedInput,
    responses: { 200: App, ...errorsOf('feature', { params: true, body: 'json', conflict: true }) },
    metadata: onRow('app', update),
    summary: 'Make an app usage-based (irreversible)',
  },
  versionAction: {
    method: 'POST',
    path: '/admin/app/:id/version/:versionId/:action',
    pathParams: z.object({ id: z.string(), versionId: z.string(), action: AdminAction }),
    body: AdminActionInput,
    responses: { 200: AppVersion, ...errorsOf('feature', { params: true, body: 'json', conflict: true }) },
    metadata: onRow('appVersion', update),
    summary: 'Staff status change, checked by the lifecycle machine',
  },
  download: {
    method: 'GET',
    path: '/admin/apps/download/:id',
    pathParams: id,
    query: DownloadQuery,
    responses: { 200: DownloadResponse, ...errorsOf('feature', { params: true }) },
    metadata: onRow('versionDownload', update),
    summary: 'A short-lived link to the source (or, with compiled=true, compiled) package of a version (id = the version id)',
  },
  diff: {
    method: 'GET',
    path: '/admin/app/:id/diff',
    pathParams: id,
    query: DiffQuery,
    responses: { 200: VersionDiff, ...errorsOf('feature', { params: true }) },
    metadata: onRow('app', read),
    summary: 'What changed between two versions (default: since the last approved one): files (paged), manifest, permissions, listing, pricing',
  },
});
