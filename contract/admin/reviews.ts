import { z } from 'zod';
import { can, onRow } from '../access';
import { c } from '../c';
import { errorsOf, NoBody } from '../common';
import { Screenshot } from '../schemas/app';
import { PublishCheckSettings, PublishCheckSettingsInput, ReviewQueue, ReviewQueueItem, ReviewQueueQuery, VersionFindings } from '../schemas/review';
import { VersionRuntime } from '../schemas/runtime';

const read = can('system:apps', 'read');
const update = can('system:apps', 'update');
const idVersion = z.object({ id: z.string(), versionId: z.string() });

/** Staff review (docs/packages-and-review.md): the queue of versions waiting, who reviews each, the checks' findings and their weights. */
export const adminReviews = c.router({
  queue: {
    method: 'GET',
    path: '/admin/reviews',
    query: ReviewQueueQuery,
    responses: { 200: ReviewQueue, ...errorsOf('feature') },
    metadata: update,
    summary: 'Versions waiting for review, the longest waiting first; filter by name, assignee, overdue',
  },
  assign: {
    method: 'POST',
    path: '/admin/app/:id/review/:versionId',
    pathParams: idVersion,
    body: NoBody,
    responses: { 200: ReviewQueueItem, ...errorsOf('feature', { params: true, body: 'json', conflict: true }) },
    metadata: onRow('appVersion', update),
    summary: 'Assign a waiting version’s review to me (409 when it is not waiting)',
  },
  unassign: {
    method: 'DELETE',
    path: '/admin/app/:id/review/:versionId',
    pathParams: idVersion,
    body: NoBody,
    responses: { 200: ReviewQueueItem, ...errorsOf('feature', { params: true, body: 'json', conflict: true }) },
    metadata: onRow('appVersion', update),
    summary: 'Unassign a waiting version’s review (409 when it is not waiting)',
  },
  findings: {
    method: 'GET',
    path: '/admin/app/:id/findings/:versionId',
    pathParams: idVersion,
    responses: { 200: VersionFindings, ...errorsOf('feature', { params: true }) },
    metadata: onRow('appVersion', read),
    summary: 'The publish checks’ findings on a version, with the severities in force',
  },
  runtime: {
    method: 'GET',
    path: '/admin/app/:id/versions/:versionId/runtime',
    pathParams: idVersion,
    responses: { 200: VersionRuntime, ...errorsOf('feature', { params: true }) },
    metadata: onRow('appVersion', read),
    summary: 'What the version did when started in Apps-Engine: whether it started, and what it adds to a workspace',
  },
  screenshots: {
    method: 'GET',
    path: '/admin/app/:id/screenshots/:versionId',
    pathParams: idVersion,
    responses: { 200: z.array(Screenshot), ...errorsOf('feature', { params: true }) },
    metadata: onRow('appVersion', read),
    summary: 'The screenshots of a version, as its publisher placed them (what a reviewer judges beside the findings)',
  },
  checks: {
    method: 'GET',
    path: '/admin/publish-checks',
    responses: { 200: PublishCheckSettings, ...errorsOf('feature') },
    metadata: read,
    summary: 'The publish checks: each one’s severity, and the licences bundled modules may not carry',
  },
  setChecks: {
    method: 'PUT',
    path: '/admin/publish-checks',
    body: PublishCheckSettingsInput,
    responses: { 200: PublishCheckSettings, ...errorsOf('feature', { body: 'json' }) },
    metadata: update,
    summary: 'Set the publish checks’ severities and the disallowed licences',
  },
});
