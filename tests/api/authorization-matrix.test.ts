import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../contract';
import { flattenRoutes } from '../../contract/walk';
import { uuidOf } from '../../server/dev/seed/seed';
import { startServer, type DemoKey, type TestServer } from '../harness';

/**
 * Every route for every kind of caller, against statuses written out by hand (not derived
 * from the policy code): anonymous, a signed-in cloud user without a publisher, the three publisher
 * roles, the owner of another publisher, and staff in every system role.
 */
type Caller = 'anon' | DemoKey;
const callers: Caller[] = ['anon', 'newcomer', 'viewer', 'developer', 'owner', 'fjordOwner', 'staffViewer', 'support', 'reviewer', 'admin'];

const validSignUp = {
  name: 'Matrix Apps',
  publisherCity: 'Oslo',
  publisherState: 'Oslo',
  publisherCountry: 'NO',
  tosLink: 'https://m.example/t',
  privacyLink: 'https://m.example/p',
  chatUsername: 'matrix',
  agreement: true,
};
const validPublisher = { name: 'Renamed', tosLink: 'https://r.example/t', privacyLink: 'https://r.example/p', webhookLink: '' };

const jira = uuidOf('app:Jira Connector');
/** Acme HQ, the demo workspace that bought Jira Connector and subscribes to Standup Bot. */
const acmeHqId = createHash('sha256').update('ws:acme-hq').digest('hex').slice(0, 24);
const jiraLatest = createHash('sha256').update('version:Jira Connector:1.1.0').digest('hex').slice(0, 24);
const jiraPrice = createHash('sha256').update('price:Jira Connector').digest('hex').slice(0, 24);
const jiraJob = createHash('sha256').update('job:Jira Connector:1.1.0').digest('hex').slice(0, 24);
// Only Northwind's developers see Northwind's app: everyone else signed in gets 404 (invisible), whatever their role.
const northwindOnly = [401, 404, 200, 200, 200, 404, 404, 404, 404, 404];
// A row of another publisher does not exist for a caller, whatever their role: 404 to Fjord's owner and to
// every member of the staff publisher; Northwind's viewer, who may not update, 403.
// Jira's latest version is author-approved: whoever may update it gets past authorization to the lifecycle's 409.
const northwindLockedUpdate = [401, 404, 403, 409, 409, 404, 404, 404, 404, 404];
// The row a path names is authorized before the body is read: Northwind's updaters get 400 for a bad body.
const badBodyForUpdaters = [401, 404, 403, 400, 400, 404, 404, 404, 404, 404];
// Upload routes read their multipart body only after authorization: Northwind's uploaders get 415 for a JSON one.
const jsonToUploadForUpdaters = [401, 404, 403, 415, 415, 404, 404, 404, 404, 404];
// A publisher's row that does not exist: 404 to every developer, whatever their role or publisher's flags.
const noSuchRow = [401, 404, 404, 404, 404, 404, 404, 404, 404, 404];
// A new app names no row: whoever may create apps gets 415 for a JSON body.
const jsonToNewUpload = [401, 404, 403, 415, 415, 415, 403, 403, 415, 415];
const validInfo = {
  shortDescription: 'Jira issues from chat',
  description: 'Create issues.',
  privacyPolicySummary: 'None kept.',
  documentationUrl: 'https://n.example/docs',
};
const staffRead = [401, 404, 403, 403, 403, 403, 200, 200, 200, 200];
const staffUpdate = [401, 404, 403, 403, 403, 403, 403, 403, 200, 200];
// Reviewers and admins curate (categories, featured sections): a bad body is their 400, everyone else's 403.
const curatorsBadBody = [401, 404, 403, 403, 403, 403, 403, 403, 400, 400];
// Support and admins write email templates.
const templateWritersBadBody = [401, 404, 403, 403, 403, 403, 403, 400, 403, 400];
// Support and admins edit publishers, email them and pay them out: a bad body is their 400.
const publisherEditorsBadBody = [401, 404, 403, 403, 403, 403, 403, 400, 403, 400];
// … and a row the path names that does not exist is their 404, before any body is read.
const publisherEditorsNoRow = [401, 404, 403, 403, 403, 403, 403, 404, 403, 404];
const northwind = '6560a1f0c0ffee0000000001';
const everyDeveloper = [401, 404, 200, 200, 200, 200, 200, 200, 200, 200];
// The marketplace's catalog: read anonymously; a bearer token must be a workspace's (a portal session is not).
const catalogRead = [200, 401, 401, 401, 401, 401, 401, 401, 401, 401];
/** A range of days every report route accepts (docs/reports.md). */
const reportRange = 'from=2026-01-01&to=2026-01-31';
const allNoticesOn = {
  'version-approved': true,
  'version-rejected': true,
  'version-reviewed': true,
  'version-published': true,
  'version-unpublished': true,
  'compile-failed': true,
  'api-token-expiring': true,
};

// Expected status per caller, in `callers` order. Staff: staffViewer is a publisher viewer, support a viewer,
// reviewer a developer and admin an owner of the staff publisher.
const table: [method: string, path: string, body: unknown, expected: number[]][] = [
  ['GET', '/v1/misc/cloud-urls', undefined, [200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ['GET', '/v1/misc/supported/signups', undefined, [200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ['GET', '/v1/engine/version', undefined, [200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ['GET', '/v1/categories', undefined, [200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  [
    'POST',
    '/v1/oauth/exchange',
    { code: 'nope', redirectUri: 'http://localhost/oauth/callback', codeVerifier: 'v'.repeat(43) },
    [400, 400, 400, 400, 400, 400, 400, 400, 400, 400],
  ],
  ['GET', '/v1/me', undefined, [401, 404, 200, 200, 200, 200, 200, 200, 200, 200]],
  ['POST', '/v1/me', { firstName: 'A', lastName: 'B' }, [401, 404, 200, 200, 200, 200, 200, 200, 200, 200]],
  ['GET', '/v1/me/ac', undefined, [401, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ['GET', '/v1/publisher', undefined, [401, 404, 200, 200, 200, 200, 200, 200, 200, 200]],
  ['PUT', '/v1/publisher', validPublisher, [401, 404, 403, 403, 200, 200, 403, 403, 403, 200]],
  ['GET', '/v1/publisher/users', undefined, [401, 404, 403, 403, 200, 200, 403, 403, 403, 200]],
  ['POST', '/v1/publisher/users', { userCloudId: 'no-such-user', role: 'viewer' }, [401, 404, 403, 403, 404, 404, 403, 403, 403, 404]],
  ['GET', '/v1/publisher/developers', undefined, [401, 404, 200, 200, 200, 200, 200, 200, 200, 200]],
  // Team changes are owners' (publisher update / delete); a developer who is not theirs (or nobody) is a 404.
  ['POST', '/v1/publisher/developers/no-such-developer/role', { developerId: 'no-such-developer', role: 'viewer' }, noSuchRow],
  ['DELETE', '/v1/publisher/developers/no-such-developer', undefined, noSuchRow],
  ['GET', '/v1/publisher/apps', undefined, [401, 404, 200, 200, 200, 200, 200, 200, 200, 200]],
  ['GET', `/v1/publisher/apps/${jira}`, undefined, northwindOnly],
  ['GET', `/v1/publisher/apps/${jira}/all`, undefined, northwindOnly],
  ['GET', `/v1/publisher/apps/${jira}/info/${jiraLatest}`, undefined, northwindOnly],
  ['GET', `/v1/publisher/apps/${jira}/stats`, undefined, northwindOnly],
  ['GET', `/v1/publisher/apps/${jira}/jobs`, undefined, northwindOnly],
  ['GET', `/v1/publisher/apps/${jira}/jobs/${jiraJob}`, undefined, northwindOnly],
  ['GET', `/v1/publisher/apps/${jira}/prices`, undefined, northwindOnly],
  ['GET', `/v1/publisher/apps/${jira}/prices/${jiraPrice}`, undefined, northwindOnly],
  // Uploads without a package: whoever may upload gets 400 (the body is validated before anything is looked up).
  ['POST', '/v1/publisher/apps', {}, jsonToNewUpload],
  ['PUT', `/v1/apps/${jira}`, {}, jsonToUploadForUpdaters],
  // The Apps CLI's submissions (POST /v1/apps, POST /v1/apps/:id): the same rules as the wizard's uploads.
  ['POST', '/v1/apps', {}, jsonToNewUpload],
  ['POST', `/v1/apps/${jira}`, {}, jsonToUploadForUpdaters],
  // Publishing an author-approved version is illegal: who may try gets 409, and nothing changes.
  ['POST', `/v1/publisher/apps/${jira}/status/${jiraLatest}`, { status: 'published', appId: jira, versionId: jiraLatest }, northwindLockedUpdate],
  // The wizards' calls on Northwind's app: whoever may update apps of another publisher gets 404.
  ['POST', `/v1/publisher/apps/${jira}/info/${jiraLatest}/details`, { categories: ['Integrations'], languages: ['en'] }, northwindLockedUpdate],
  ['POST', `/v1/publisher/apps/${jira}/info/${jiraLatest}/info`, validInfo, northwindLockedUpdate],
  ['POST', `/v1/publisher/apps/${jira}/info/${jiraLatest}/changes`, { changesNote: 'Fixes', internalChangesNote: 'Refactor' }, northwindLockedUpdate],
  // Author-approved already: submitting again is a 409 for those who may.
  ['POST', `/v1/publisher/apps/${jira}/info/${jiraLatest}/submit`, undefined, northwindLockedUpdate],
  ['GET', `/v1/publisher/apps/${jira}/info/${jiraLatest}/screenshots`, undefined, northwindOnly],
  ['POST', `/v1/publisher/apps/${jira}/info/${jiraLatest}/screenshots`, {}, jsonToUploadForUpdaters],
  ['DELETE', `/v1/apps/${jira}/screenshots/no-such-screenshot`, undefined, noSuchRow],
  // The listing as one thing: its preview is read like the screenshots; their order and captions written like them.
  ['GET', `/v1/publisher/apps/${jira}/info/${jiraLatest}/listing`, undefined, northwindOnly],
  ['POST', `/v1/publisher/apps/${jira}/info/${jiraLatest}/screenshots/order`, { ids: [] }, northwindLockedUpdate],
  ['PATCH', `/v1/publisher/apps/${jira}/info/${jiraLatest}/screenshots/no-such-screenshot`, { caption: 'Boards' }, noSuchRow],
  ['POST', `/v1/publisher/apps/${jira}/prices`, {}, badBodyForUpdaters],
  ['POST', `/v1/publisher/apps/${jira}/pricing`, {}, badBodyForUpdaters],
  // Staff: system viewers, support, reviewers and admins read every publisher's apps; reviewers and admins change them.
  ['GET', '/v1/admin/apps', undefined, staffRead],
  ['GET', `/v1/admin/app/${jira}`, undefined, staffRead],
  ['GET', `/v1/admin/app/${jira}/all`, undefined, staffRead],
  ['GET', `/v1/admin/app/${jira}/stats`, undefined, staffRead],
  ['GET', `/v1/admin/app/${jira}/jobs`, undefined, staffRead],
  ['GET', `/v1/admin/app/${jira}/jobs/${jiraJob}`, undefined, staffRead],
  ['GET', `/v1/admin/app/${jira}/usage?limit=5&offset=0`, undefined, staffRead],
  ['GET', `/v1/admin/app/${jira}/prices`, undefined, staffRead],
  ['GET', `/v1/admin/app/${jira}/activityLogs?limit=5&offset=0`, undefined, staffRead],
  ['GET', '/v1/admin/jobs', undefined, staffRead],
  ['GET', '/v1/admin/secret', undefined, staffUpdate],
  ['GET', '/v1/admin/categories', undefined, staffRead],
  ['POST', '/v1/admin/categories', {}, curatorsBadBody],
  ['GET', '/v1/admin/featured', undefined, staffRead],
  ['GET', '/v1/admin/featured/apps', undefined, staffRead],
  ['POST', '/v1/admin/featured', {}, curatorsBadBody],
  ['DELETE', '/v1/admin/featured/featured/no-such-app', undefined, [401, 404, 403, 403, 403, 403, 403, 403, 404, 404]],
  ['GET', '/v1/admin/emailTemplates', undefined, staffRead],
  ['POST', '/v1/admin/emailTemplates', {}, templateWritersBadBody],
  ['PUT', '/v1/admin/emailTemplates', {}, templateWritersBadBody],
  ['POST', '/v1/admin/emailTemplates/preview', { body: '<p>{{ app.name }}</p>' }, staffRead],
  ['GET', '/v1/me/notifications', undefined, everyDeveloper],
  // Payment provider: owners connect (Northwind and Fjord's owners, and the admin, owner of the staff publisher).
  ['GET', '/v1/oauth/stripe?state=matrix-state-0123456789', undefined, [401, 404, 403, 403, 200, 200, 403, 403, 403, 200]],
  ['POST', '/v1/oauth/stripe', { code: 'never-issued' }, [401, 404, 403, 403, 400, 400, 403, 403, 403, 400]],
  // Only Northwind has a connected account: the others' owners are told to connect first (400).
  ['GET', '/v1/publisher/stripe/dashboard', undefined, [401, 404, 403, 403, 200, 400, 403, 403, 403, 400]],
  // Owners ask for paid apps: Fjord Labs has none (asked); Northwind and the marketplace team have them (409).
  ['POST', '/v1/publisher/paid-apps/request', { message: 'From the matrix.' }, [401, 404, 403, 403, 409, 200, 403, 403, 403, 409]],
  ['GET', '/v1/publisher/balance', undefined, everyDeveloper],
  ['GET', `/v1/admin/publishers/${northwind}/activity`, undefined, staffRead],
  ['GET', '/v1/admin/publishers', undefined, staffRead],
  ['GET', `/v1/admin/publishers/${northwind}`, undefined, staffRead],
  ['GET', `/v1/admin/publishers/${northwind}/apps`, undefined, staffRead],
  ['GET', `/v1/admin/publishers/${northwind}/bundles`, undefined, staffRead],
  ['GET', `/v1/admin/publishers/${northwind}/developers`, undefined, staffRead],
  ['POST', `/v1/admin/publishers/${northwind}`, {}, publisherEditorsBadBody],
  ['POST', `/v1/admin/publishers/${northwind}/developers/someone`, {}, publisherEditorsNoRow],
  ['POST', `/v1/admin/publishers/${northwind}/developers/someone/role`, {}, publisherEditorsNoRow],
  // System roles are given by system admins alone ('Invalid User Role' for other staff, before the row is looked up).
  ['POST', `/v1/admin/publishers/${northwind}/developers/someone/system-role`, {}, [401, 404, 403, 403, 403, 403, 403, 403, 403, 404]],
  ['POST', `/v1/admin/publishers/${northwind}/email`, {}, publisherEditorsBadBody],
  ['POST', `/v1/admin/publishers/${northwind}/payout`, {}, publisherEditorsBadBody],
  ['PUT', '/v1/me/notifications', allNoticesOn, everyDeveloper],
  // Irreversible: the reviewer's call sets it, the admin's then finds it set.
  ['POST', `/v1/admin/app/${jira}/enterpriseOnly`, { enterpriseOnly: true }, [401, 404, 403, 403, 403, 403, 403, 403, 200, 409]],
  ['POST', `/v1/admin/app/${jira}/usageBased`, {}, [401, 404, 403, 403, 403, 403, 403, 403, 200, 409]],
  // Publishing an author-approved version is illegal for staff too.
  ['POST', `/v1/admin/app/${jira}/version/${jiraLatest}/publish`, { action: 'publish' }, [401, 404, 403, 403, 403, 403, 403, 403, 409, 409]],
  // A made-up secret: refused to those who may download at all.
  ['GET', `/v1/admin/apps/download/${jiraLatest}?secret=made-up`, undefined, [401, 404, 403, 403, 403, 403, 403, 403, 403, 403]],
  // Sales: every developer reads their publisher's; staff read every record, support and admins write them.
  ['GET', '/v1/publisher/purchases', undefined, everyDeveloper],
  ['GET', '/v1/publisher/purchases/export', undefined, everyDeveloper],
  ['GET', '/v1/admin/purchases', undefined, staffRead],
  ['GET', '/v1/admin/purchases/export', undefined, staffRead],
  ['GET', '/v1/admin/purchases/no-such-purchase', undefined, [401, 404, 403, 403, 403, 403, 404, 404, 404, 404]],
  ['POST', '/v1/admin/purchases', {}, publisherEditorsBadBody],
  ['POST', '/v1/admin/purchases/no-such-purchase', {}, publisherEditorsNoRow],
  ['DELETE', '/v1/admin/purchases/no-such-purchase', undefined, [401, 404, 403, 403, 403, 403, 403, 404, 403, 404]],
  // Workspace lookups are system admins' alone ('Invalid User Role' for other staff).
  ['GET', '/v1/admin/workspaces/no-such-workspace', undefined, [401, 404, 403, 403, 403, 403, 403, 403, 403, 404]],
  ['GET', '/v1/admin/workspaces/no-such-workspace/purchases', undefined, [401, 404, 403, 403, 403, 403, 403, 403, 403, 404]],
  // Registered workspaces (docs/rocketchat.md, Pointing a Rocket.Chat server): system admins list, register, rotate and revoke; a bad body is their 400,
  // a workspace that does not exist their 404.
  ['GET', '/v1/admin/workspaces', undefined, [401, 404, 403, 403, 403, 403, 403, 403, 403, 200]],
  ['POST', '/v1/admin/workspaces', {}, [401, 404, 403, 403, 403, 403, 403, 403, 403, 400]],
  ['POST', '/v1/admin/workspaces/no-such-workspace/secret', undefined, [401, 404, 403, 403, 403, 403, 403, 403, 403, 404]],
  ['POST', '/v1/admin/workspaces/no-such-workspace/revoke', undefined, [401, 404, 403, 403, 403, 403, 403, 403, 403, 404]],
  // Bundles: a publisher that may create them (Fjord may not: 403 Bundle Creation not Available); the form is
  // multipart, so whoever may create one gets past authorization to 415 for a JSON body.
  ['GET', '/v1/publisher/bundles', undefined, [401, 404, 200, 200, 200, 403, 200, 200, 200, 200]],
  ['POST', '/v1/publisher/bundles', {}, [401, 404, 403, 415, 415, 403, 403, 403, 415, 415]],
  ['GET', '/v1/publisher/bundles/no-such-bundle/apps', undefined, noSuchRow],
  ['GET', '/v1/admin/bundles', undefined, staffRead],
  ['GET', '/v1/admin/bundles/no-such-bundle', undefined, [401, 404, 403, 403, 403, 403, 404, 404, 404, 404]],
  ['GET', '/v1/admin/bundles/no-such-bundle/apps', undefined, [401, 404, 403, 403, 403, 403, 404, 404, 404, 404]],
  // Webhooks: readers of a publisher that may use them (Fjord may not: 403 Webhooks Disabled); writes need
  // publisher update; a webhook of another publisher, or none, is 404.
  ['GET', '/v1/publisher/webhooks', undefined, [401, 404, 200, 200, 200, 403, 200, 200, 200, 200]],
  ['POST', '/v1/publisher/webhooks', {}, [401, 404, 403, 403, 400, 403, 403, 403, 403, 400]],
  ['GET', '/v1/publisher/webhooks/no-such-webhook', undefined, noSuchRow],
  ['GET', '/v1/publisher/webhooks/no-such-webhook/activities', undefined, noSuchRow],
  ['POST', '/v1/publisher/webhooks/no-such-webhook/activities/no-such-activity', undefined, noSuchRow],
  ['POST', '/v1/publisher/webhooks/no-such-webhook/enabled', {}, noSuchRow],
  ['POST', '/v1/publisher/webhooks/no-such-webhook/test', undefined, noSuchRow],
  ['GET', '/v1/publisher/webhooks/no-such-webhook/secret', undefined, noSuchRow],
  ['POST', '/v1/publisher/webhooks/no-such-webhook/secret', undefined, noSuchRow],
  // API tokens: every developer lists their publisher's; those who may update apps make and revoke them; a
  // token of another publisher, or none, is 404.
  ['GET', '/v1/publisher/tokens', undefined, everyDeveloper],
  ['POST', '/v1/publisher/tokens', {}, [401, 404, 403, 400, 400, 400, 403, 403, 400, 400]],
  ['DELETE', '/v1/publisher/tokens/no-such-token', undefined, noSuchRow],
  // Registered workspaces' routes: public to the gate, refused to every portal session (not a workspace's
  // token: 401); what workspaces may do is the table below. The installs read is the app's publisher's and staff's.
  ['POST', `/v1/apps/${jira}/install`, { action: 'install', appVersion: '1.0.0' }, Array(10).fill(401)],
  ['POST', `/v1/apps/${jira}/usage`, { billingCycleId: '2026-11', items: [{ price: 0.02 }] }, Array(10).fill(401)],
  ['GET', `/v2/apps/${jira}/download/1.0.0`, undefined, Array(10).fill(401)],
  // The checkout pages' calls and the licence sync take a workspace's token, never a portal session (401);
  // staff who may update purchase records refund them.
  ['GET', `/v1/checkout/apps/${jira}?workspaceId=${acmeHqId}`, undefined, Array(10).fill(401)],
  ['POST', `/v1/checkout/apps/${jira}/sessions`, { workspaceId: acmeHqId, acceptTerms: true }, Array(10).fill(401)],
  ['GET', '/v1/checkout/sessions/no-such-session', undefined, Array(10).fill(401)],
  ['POST', '/v1/checkout/subscriptions/no-such-purchase/seats', { workspaceId: acmeHqId, seats: 5 }, Array(10).fill(401)],
  ['POST', '/v1/checkout/subscriptions/no-such-purchase/cancel', { workspaceId: acmeHqId, when: 'now' }, Array(10).fill(401)],
  ['POST', '/v1/checkout/subscriptions/no-such-purchase/resume', { workspaceId: acmeHqId }, Array(10).fill(401)],
  ['GET', `/v1/workspaces/${acmeHqId}/apps`, undefined, Array(10).fill(401)],
  ['GET', `/v1/workspaces/${acmeHqId}/apps/${jira}`, undefined, Array(10).fill(401)],
  ['POST', '/v1/admin/purchases/no-such-purchase/refund', {}, publisherEditorsNoRow],
  // App requests (docs/rocketchat.md): Rocket.Chat's reads take a workspace's token, never a portal session (401); the
  // requestAccess page's call is public (a bad body is everyone's 400).
  ['GET', `/v1/app-request?appId=${jira}`, undefined, Array(10).fill(401)],
  ['GET', '/v1/app-request/stats', undefined, Array(10).fill(401)],
  ['POST', '/v1/app-request/markAsSeen', { ids: [] }, Array(10).fill(401)],
  ['GET', '/v1/app-request/sent/pending', undefined, Array(10).fill(401)],
  ['POST', `/v1/app-request/markAsSent/${jira}`, undefined, Array(10).fill(401)],
  ['POST', '/v1/app-request', {}, Array(10).fill(400)],
  ['GET', `/v1/publisher/apps/${jira}/installs`, undefined, northwindOnly],
  ['GET', `/v1/publisher/apps/${jira}/diff`, undefined, northwindOnly],
  ['GET', `/v1/admin/app/${jira}/diff`, undefined, staffRead],
  ['GET', `/v1/admin/app/${jira}/installs`, undefined, staffRead],
  // Staff review (docs/packages-and-review.md, The review queue): the queue and assignment are for those who may update apps (Jira's latest waits for
  // review, so taking it and giving it back succeed); the findings are read as the app is; a bad settings body is
  // the 400 of those who may change them.
  ['GET', '/v1/admin/reviews', undefined, staffUpdate],
  // The reviewer takes it; the admin, after, finds it taken (409: nobody takes a review from another by accident).
  ['POST', `/v1/admin/app/${jira}/review/${jiraLatest}`, {}, [401, 404, 403, 403, 403, 403, 403, 403, 200, 409]],
  ['DELETE', `/v1/admin/app/${jira}/review/${jiraLatest}`, undefined, staffUpdate],
  ['GET', `/v1/admin/app/${jira}/findings/${jiraLatest}`, undefined, staffRead],
  ['GET', `/v1/admin/app/${jira}/screenshots/${jiraLatest}`, undefined, staffRead],
  ['GET', `/v1/publisher/apps/${jira}/findings/${jiraLatest}`, undefined, northwindOnly],
  // What the version did when started in Apps-Engine (docs/packages-and-review.md, Runtime evidence): read as the findings are.
  ['GET', `/v1/admin/app/${jira}/versions/${jiraLatest}/runtime`, undefined, staffRead],
  ['GET', `/v1/publisher/apps/${jira}/versions/${jiraLatest}/runtime`, undefined, northwindOnly],
  ['GET', '/v1/admin/publish-checks', undefined, staffRead],
  ['PUT', '/v1/admin/publish-checks', { severities: { secrets: 'sometimes' }, disallowedLicences: [] }, curatorsBadBody],
  // Reports (docs/reports.md): every developer reads their publisher's (the purchases list's rule); a payout of
  // another publisher, or none, is a 404. Staff read the marketplace's and any payout's statement.
  ['GET', `/v1/publisher/reports/summary?${reportRange}`, undefined, everyDeveloper],
  ['GET', `/v1/publisher/reports/summary/export?${reportRange}`, undefined, everyDeveloper],
  ['GET', `/v1/publisher/reports/transactions?${reportRange}`, undefined, everyDeveloper],
  ['GET', `/v1/publisher/reports/transactions/export?${reportRange}`, undefined, everyDeveloper],
  ['GET', `/v1/publisher/reports/installs?${reportRange}`, undefined, everyDeveloper],
  ['GET', `/v1/publisher/reports/installs/export?${reportRange}`, undefined, everyDeveloper],
  ['GET', `/v1/publisher/reports/versions?${reportRange}`, undefined, everyDeveloper],
  ['GET', `/v1/publisher/reports/payouts?${reportRange}`, undefined, everyDeveloper],
  ['GET', '/v1/publisher/reports/payouts/no-such-payout', undefined, noSuchRow],
  ['GET', '/v1/publisher/reports/payouts/no-such-payout/lines', undefined, noSuchRow],
  ['GET', '/v1/publisher/reports/payouts/no-such-payout/export', undefined, noSuchRow],
  ['GET', '/v1/admin/dashboard', undefined, staffRead],
  ['GET', `/v1/admin/reports/summary?${reportRange}`, undefined, staffRead],
  ['GET', `/v1/admin/reports/summary/export?${reportRange}`, undefined, staffRead],
  ['GET', `/v1/admin/reports/transactions?${reportRange}`, undefined, staffRead],
  ['GET', `/v1/admin/reports/transactions/export?${reportRange}`, undefined, staffRead],
  ['GET', `/v1/admin/reports/installs?${reportRange}`, undefined, staffRead],
  ['GET', `/v1/admin/reports/installs/export?${reportRange}`, undefined, staffRead],
  ['GET', `/v1/admin/reports/versions?${reportRange}`, undefined, staffRead],
  ['GET', `/v1/admin/reports/payouts?${reportRange}`, undefined, staffRead],
  ['GET', '/v1/admin/reports/payouts/no-such-payout', undefined, [401, 404, 403, 403, 403, 403, 404, 404, 404, 404]],
  ['GET', '/v1/admin/reports/payouts/no-such-payout/lines', undefined, [401, 404, 403, 403, 403, 403, 404, 404, 404, 404]],
  ['POST', '/v1/publisher', validSignUp, [401, 201, 409, 409, 409, 409, 409, 409, 409, 409]],
  // Trusted publishing: Northwind's developers read an app's trust policies, its updaters add and remove them;
  // the token exchange is public (a bad body is everyone's 400).
  ['GET', `/v1/publisher/apps/${jira}/trust`, undefined, northwindOnly],
  ['POST', `/v1/publisher/apps/${jira}/trust`, {}, badBodyForUpdaters],
  ['DELETE', `/v1/publisher/apps/${jira}/trust/no-such-policy`, undefined, noSuchRow],
  ['POST', '/v1/oauth/token', {}, [400, 400, 400, 400, 400, 400, 400, 400, 400, 400]],
  // Rocket.Chat's catalog reads (contract/marketplace.ts): anonymous, or with a workspace token — a portal
  // session is no workspace token (401). An id no published bundle has is a 404.
  ['GET', '/v1/apps', undefined, catalogRead],
  ['GET', '/v1/featured-apps', undefined, catalogRead],
  ['GET', `/v1/apps/${jira}?appVersion=1.0.0`, undefined, catalogRead],
  ['GET', `/v1/apps/${jira}/latest`, undefined, catalogRead],
  ['GET', `/v1/apps/${jira}/screenshots`, undefined, catalogRead],
  ['GET', '/v1/bundles/no-such-bundle/apps', undefined, [404, 401, 401, 401, 401, 401, 401, 401, 401, 401]],
  ['DELETE', '/v1/oauth/session', undefined, [401, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
];

let s: TestServer;
const tokens: Partial<Record<Caller, string>> = {};
beforeAll(async () => {
  s = await startServer();
  for (const c of callers) if (c !== 'anon') tokens[c] = await s.signIn(c);
});
afterAll(() => s.close());

/** Each route of the contract by `METHOD /path`, and the statuses it declares. */
const declared = new Map(flattenRoutes(contract).map(({ route }) => [`${route.method} ${route.path}`, Object.keys(route.responses).map(Number)]));

/** The contract route a row calls: its method and path with the row's ids put back as params. */
const routeOf = (m: string, p: string) => {
  const path = p
    .split('?')[0]!
    .replace(`${jira}/info/${jiraLatest}/screenshots`, ':appId/info/:internalId/screenshots')
    .replace(`${jira}/info/${jiraLatest}/listing`, ':appId/info/:internalId/listing')
    .replace('no-such-screenshot', ':screenshotId')
    .replace(jira, ':id')
    .replace(jiraJob, ':jobId')
    .replace(jiraPrice, ':priceId')
    .replace('/v1/admin/featured/featured/no-such-app', '/v1/admin/featured/:type/:id')
    .replace('no-such-developer', ':developerId')
    .replace('someone', ':devId')
    .replace('no-such-purchase', ':id')
    .replace('no-such-session', ':id')
    .replace(acmeHqId, ':workspaceId')
    .replace(/^\/v1\/checkout\/apps\/:id/, '/v1/checkout/apps/:appId')
    .replace(/^\/v1\/app-request\/markAsSent\/[^/]+$/, '/v1/app-request/markAsSent/:appId')
    .replace('no-such-workspace', ':id')
    .replace('no-such-webhook', ':id')
    .replace('no-such-bundle', ':id')
    .replace('no-such-activity', ':activityId')
    .replace('no-such-token', ':tokenId')
    .replace('no-such-policy', ':policyId')
    .replace('no-such-payout', ':id')
    .replace(northwind, ':id')
    .replace(/^\/v2\/apps\/:id\/download\/[^/]+$/, '/v2/apps/:id/download/:version');
  return `${m} ${path.startsWith('/v1/admin/apps/download/') ? path.replace(jiraLatest, ':id') : path.replace(jiraLatest, ':versionId').replace(/\/version\/:versionId\/publish$/, '/version/:versionId/:action')}`;
};

describe('authorization matrix of every route', () => {
  it('covers every route of the contract', () => {
    expect([...declared.keys()].sort()).toEqual(table.map(([m, p]) => routeOf(m, p)).sort());
  });

  // Rows run in order: sign-up and sign-out change state, so they come last.
  it.each(table)('%s %s', async (method, path, body, expected) => {
    const got: number[] = [];
    for (const c of callers) got.push((await s.request(method, path, { token: tokens[c], body })).status);
    expect(Object.fromEntries(callers.map((c, i) => [c, got[i]]))).toEqual(Object.fromEntries(callers.map((c, i) => [c, expected[i]])));
    // Every status answered is one the contract declares for the route.
    const statuses = declared.get(routeOf(method, path))!;
    for (const status of new Set(got)) expect(statuses, `${status} is not declared for ${routeOf(method, path)}`).toContain(status);
  });
});

it('keeps workspace lookups to system admins ("Invalid User Role")', async () => {
  const token = await s.signIn('reviewer');
  for (const path of ['/v1/admin/workspaces/x', '/v1/admin/workspaces/x/purchases']) {
    const res = await s.request('GET', path, { token });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: 'invalid_user_role', error: 'Invalid User Role' });
  }
});

// ——— Registered Rocket.Chat workspaces (contract/workspace-installs.ts): their token, not a portal session ———

/** No token; a token of a workspace that bought nothing; Acme HQ's without marketplace:download; Acme HQ's with it; a revoked workspace's. */
type WorkspaceCallerKey = 'none' | 'stranger' | 'acmeReadOnly' | 'acme' | 'revoked';
const workspaceCallers: WorkspaceCallerKey[] = ['none', 'stranger', 'acmeReadOnly', 'acme', 'revoked'];
const standup = uuidOf('app:Standup Bot');
// Expected status per workspace caller, in `workspaceCallers` order. Acme HQ bought Jira and subscribes to Standup Bot.
const workspaceTable: [method: string, path: string, body: unknown, expected: number[]][] = [
  // The download needs marketplace:download and a purchase (403 code 268 to the stranger).
  ['GET', `/v2/apps/${jira}/download/1.0.0`, undefined, [401, 403, 403, 200, 401]],
  ['GET', `/v2/apps/${jira}/download/1.1.0`, undefined, [401, 404, 403, 404, 401]],
  // Any registered workspace reports its installs; an app that does not exist is 404.
  ['POST', `/v1/apps/${jira}/install`, { action: 'install', appVersion: '1.0.0' }, [401, 200, 200, 200, 401]],
  ['POST', '/v1/apps/no-such-app/install', { action: 'install', appVersion: '1.0.0' }, [401, 404, 404, 404, 401]],
  // Usage of an app the workspace may have (465 to the stranger, who has no subscription).
  ['POST', `/v1/apps/${standup}/usage`, { billingCycleId: '2026-11', items: [{ price: 0.02 }] }, [401, 403, 201, 201, 401]],
  // The checkout pages: Acme HQ's buyer token for Acme HQ (it owns Jira already: 409); the stranger's token is
  // another workspace's (403); without marketplace:purchase, 403.
  ['GET', `/v1/checkout/apps/${jira}?workspaceId=${acmeHqId}`, undefined, [401, 403, 403, 200, 401]],
  ['POST', `/v1/checkout/apps/${jira}/sessions`, { workspaceId: acmeHqId, acceptTerms: true }, [401, 403, 403, 409, 401]],
  ['GET', '/v1/checkout/sessions/no-such-session', undefined, [401, 404, 403, 404, 401]],
  ['POST', '/v1/checkout/subscriptions/no-such-purchase/seats', { workspaceId: acmeHqId, seats: 5 }, [401, 403, 403, 404, 401]],
  ['POST', '/v1/checkout/subscriptions/no-such-purchase/cancel', { workspaceId: acmeHqId, when: 'now' }, [401, 403, 403, 404, 401]],
  ['POST', '/v1/checkout/subscriptions/no-such-purchase/resume', { workspaceId: acmeHqId }, [401, 403, 403, 404, 401]],
  // The licence sync: any token of the workspace itself.
  ['GET', `/v1/workspaces/${acmeHqId}/apps`, undefined, [401, 403, 200, 200, 401]],
  ['GET', `/v1/workspaces/${acmeHqId}/apps/${jira}`, undefined, [401, 403, 200, 200, 401]],
  // App requests (docs/rocketchat.md): any token of a live workspace, for its own requests; an app not here is 404 to markAsSent.
  ['GET', `/v1/app-request?appId=${jira}`, undefined, [401, 200, 200, 200, 401]],
  ['GET', '/v1/app-request/stats', undefined, [401, 200, 200, 200, 401]],
  ['POST', '/v1/app-request/markAsSeen', { ids: ['no-such-request'] }, [401, 200, 200, 200, 401]],
  ['GET', '/v1/app-request/sent/pending', undefined, [401, 200, 200, 200, 401]],
  ['POST', `/v1/app-request/markAsSent/${jira}`, undefined, [401, 200, 200, 200, 401]],
  ['POST', '/v1/app-request/markAsSent/no-such-app', undefined, [401, 404, 404, 404, 401]],
  // The requestAccess page's call takes no token: Acme HQ is known from purchase records only (not registered), 404 to all.
  ['POST', '/v1/app-request', { workspaceId: acmeHqId, appId: jira, requester: Buffer.from('{"id":"u1"}').toString('base64') }, [404, 404, 404, 404, 404]],
];

describe('authorization matrix of the workspace routes', () => {
  const wsTokens: Partial<Record<WorkspaceCallerKey, string>> = {};
  beforeAll(async () => {
    const { accounts, workspaceTokens, workspaces } = await import('../../server/db/schema');
    const { newId } = await import('../../server/db/ids');
    const grant = async (workspaceId: string, scope: string) => {
      const token = newId() + newId();
      await s.app.db
        .insert(workspaceTokens)
        .values({ tokenHash: createHash('sha256').update(token).digest('hex'), workspaceId, scope, expiresAt: new Date(Date.now() + 3_600_000) });
      return token;
    };
    const fresh = async (name: string, revoked = false) => {
      const id = newId();
      const accountId = newId();
      await s.app.db.insert(accounts).values({ id: accountId, name });
      await s.app.db.insert(workspaces).values({
        id,
        accountId,
        nickname: name,
        address: `https://${id}.example`,
        clientId: `matrix-${id}`,
        registeredAt: new Date(),
        revokedAt: revoked ? new Date() : null,
      });
      return id;
    };
    // The stranger and Acme HQ may also buy (marketplace:purchase); the read-only token may not.
    wsTokens.stranger = await grant(await fresh('Matrix Stranger'), 'marketplace:read marketplace:download marketplace:purchase');
    wsTokens.acmeReadOnly = await grant(acmeHqId, 'marketplace:read');
    wsTokens.acme = await grant(acmeHqId, 'marketplace:read marketplace:download marketplace:purchase');
    wsTokens.revoked = await grant(await fresh('Matrix Revoked', true), 'marketplace:read marketplace:download');
  });

  it.each(workspaceTable)('%s %s', async (method, path, body, expected) => {
    const got: number[] = [];
    for (const c of workspaceCallers) {
      const token = wsTokens[c];
      // As Rocket.Chat calls: the download's token in its query, the reports' as a bearer token.
      const res = path.startsWith('/v2/')
        ? await s.request(method, token ? `${path}?token=${token}` : path)
        : await s.request(method, path, { body, headers: token ? { authorization: `Bearer ${token}` } : {} });
      got.push(res.status);
    }
    expect(Object.fromEntries(workspaceCallers.map((c, i) => [c, got[i]]))).toEqual(Object.fromEntries(workspaceCallers.map((c, i) => [c, expected[i]])));
    const statuses = declared.get(routeOf(method, path.replace('/no-such-app/', `/${jira}/`).replace(standup, jira)))!;
    expect(statuses, `${path} is declared`).toBeDefined();
    for (const status of new Set(got)) expect(statuses, `${status} is not declared for ${path}`).toContain(status);
  });
});
