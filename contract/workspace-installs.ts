// What a registered Rocket.Chat workspace calls to install apps and report on them, and the stats made of
// it. The shapes are Rocket.Chat's own (apps/meteor/ee/server/apps/communication/rest.ts: the download;
// apps/meteor/ee/server/apps/marketplace/appInstall.ts: the install/update/uninstall notification).
import { z } from 'zod';
import { can, canOn, forTokens, onRow, workspaceCaller } from './access';
import { c } from './c';
import { ErrorBody, LIMITS, bounded, errorsOf } from './common';

/** The scope a token needs to download packages (Rocket.Chat asks a fresh token of exactly this scope). */
export const DOWNLOAD_SCOPE = 'marketplace:download';

/**
 * The error statuses a workspace route adds to the public ones (`errorsOf('public', …)`: 400, 500, 414 for path
 * ids, 413 and 415 for a body): 401 (no valid workspace token) and 404 (no such app or version); `refusable`
 * routes also 403 (a scope the token lacks; an app the workspace may not have).
 */
const unknownWorkspace: { 401: typeof ErrorBody; 404: typeof ErrorBody } = { 401: ErrorBody, 404: ErrorBody };
const refusable: typeof unknownWorkspace & { 403: typeof ErrorBody } = { ...unknownWorkspace, 403: ErrorBody };

/** Rocket.Chat's error codes for a package it may not download (MarketplaceErrorHandler.ts, v2/apps/:id/download/:version). */
export const DOWNLOAD_REFUSALS = {
  purchaseRequired: { code: 268, error: 'This app must be bought before this workspace can download it.' },
  subscriptionRequired: { code: 465, error: 'This app needs an active subscription before this workspace can download it.' },
} as const;

export const installActions = ['install', 'update', 'uninstall'] as const;
const appText = bounded(LIMITS.title);

/**
 * What Rocket.Chat sends after it installs, updates or uninstalls an app (`notifyMarketplace`): every field a
 * string; `appVersion` is the version now installed (the one removed, on uninstall). Unknown keys are ignored.
 */
export const InstallEventInput = z.object({
  action: z.enum(installActions, { error: 'action must be install, update or uninstall.' }),
  appName: appText.optional(),
  appSlug: appText.optional(),
  appVersion: z.string({ error: 'appVersion is required.' }).trim().min(1, { error: 'appVersion is required.' }).max(LIMITS.id),
  rocketChatVersion: bounded(LIMITS.id).optional(),
  engineVersion: bounded(LIMITS.id).optional(),
  siteUrl: bounded(LIMITS.url).optional(),
});
export type InstallEventInput = z.infer<typeof InstallEventInput>;

/**
 * Usage of a usage-based app in a billing cycle, reported by the workspace running it (a call of the portal's
 * design). `reportId`, chosen by the workspace, makes a retried report one record.
 */
export const UsageReportInput = z.object({
  billingCycleId: z.string({ error: 'billingCycleId is required.' }).trim().min(1, { error: 'billingCycleId is required.' }).max(LIMITS.id),
  items: z
    .array(
      z.object({
        price: z
          .number({ error: 'Each item needs a price.' })
          .min(0, { error: 'A price is 0 or more.' })
          .max(LIMITS.price, { error: 'A price is at most 99,999.99.' }),
        quantity: z.number().int().min(0).max(LIMITS.count).optional(),
        description: bounded(LIMITS.title).optional(),
      }),
      { error: 'items is required.' },
    )
    .min(1, { error: 'Report at least one item.' })
    .max(100, { error: 'At most 100 items a report.' }),
  reportId: z.string().trim().min(1).max(LIMITS.id).optional(),
});
export const UsageReportAnswer = z.object({ id: z.string() });

const count = z.number().int();
/**
 * Installs made of the install events of an app: each of the last 90 days (UTC, oldest first) with the events
 * reported that day, and per version the workspaces running it at each day's end (their latest event for the
 * app by then an install or update of that version); `totals` over all time, `activeWorkspaces` today.
 */
export const InstallStats = z.object({
  days: z.array(z.object({ date: z.string(), installs: count, updates: count, uninstalls: count, downloads: count })),
  versions: z.array(z.object({ version: z.string(), activeWorkspaces: z.array(count) })),
  totals: z.object({ installs: count, updates: count, uninstalls: count, downloads: count, activeWorkspaces: count }),
});
export type InstallStats = z.infer<typeof InstallStats>;

const id = z.object({ id: z.string() });

/** The calls a registered workspace makes (under /v1), and the installs read of them. */
export const workspaceInstalls = c.router({
  install: {
    method: 'POST',
    path: '/apps/:id/install',
    pathParams: id,
    body: InstallEventInput,
    responses: { 200: z.object({}), ...errorsOf('public', { params: true, body: 'json' }), ...unknownWorkspace },
    metadata: workspaceCaller(),
    summary: 'Rocket.Chat reports an install, update or uninstall of the app (Bearer workspace token); a repeated report is one event',
  },
  usage: {
    method: 'POST',
    path: '/apps/:id/usage',
    pathParams: id,
    body: UsageReportInput,
    responses: { 200: UsageReportAnswer, 201: UsageReportAnswer, ...errorsOf('public', { params: true, body: 'json' }), ...refusable },
    metadata: workspaceCaller(),
    summary: 'A workspace reports usage of an app it may have, for a billing cycle (Bearer workspace token): a usage record',
  },
  publisherStats: {
    method: 'GET',
    path: '/publisher/apps/:id/installs',
    pathParams: id,
    responses: { 200: InstallStats, ...errorsOf('feature', { params: true }) },
    metadata: forTokens('read', canOn('app', 'app', 'read')),
    summary: 'Installs, updates, uninstalls and downloads per day, and workspaces per version, over 90 days',
  },
  adminStats: {
    method: 'GET',
    path: '/admin/app/:id/installs',
    pathParams: id,
    responses: { 200: InstallStats, ...errorsOf('feature', { params: true }) },
    metadata: onRow('app', can('system:apps', 'read')),
    summary: 'An app’s installs per day and workspaces per version, over 90 days',
  },
});

/** Rocket.Chat's package download, under /v2 (the contract index mounts it beside the /v1 API). */
export const workspaceDownloads = c.router(
  {
    download: {
      method: 'GET',
      path: '/apps/:id/download/:version',
      pathParams: z.object({ id: z.string(), version: z.string() }),
      // Rocket.Chat sends the token here, not as a header: `?token=${await getWorkspaceAccessToken(true, 'marketplace:download', false)}`.
      query: z.object({ token: z.string().optional() }),
      responses: {
        200: c.otherResponse({ contentType: 'application/zip', body: z.unknown().describe('The compiled package (a zip), as Rocket.Chat installs it.') }),
        ...errorsOf('public', { params: true }),
        ...refusable,
        /** A version the caller's engine (`X-Apps-Engine-Version`) cannot run. */
        426: ErrorBody,
      },
      metadata: workspaceCaller(DOWNLOAD_SCOPE, 'query'),
      summary: 'The compiled package of a published version, for a workspace that may have it (token with marketplace:download in the query)',
    },
  },
  { pathPrefix: '/v2' },
);
