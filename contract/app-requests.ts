// App requests (docs/rocketchat.md): what a registered Rocket.Chat workspace calls to read its end users' requests for
// apps (RocketChat/Rocket.Chat apps/meteor/ee/server/apps/communication/rest.ts @ 3a0465777707c8e38a6a1574136b6d3d61c2103a:
// `app-request`, `app-request/stats`, `app-request/markAsSeen`, each with `X-Apps-Engine-Version` and the workspace's
// Bearer token; apps/meteor/ee/server/apps/appRequestsCron.ts @ 2f5a6c8d2db955c9c305207a67f8abaaf6240783 and
// marketplace/appRequestNotifyUsers.ts @ f03e68e09c8c7a0926539d1bfee57a77d681844e: `sent/pending`, the list by
// `notification-not-sent`, `markAsSent/{appId}`, Bearer only), and the call of the portal's requestAccess page
// that makes a request (Rocket.Chat's server makes none: its modal only hears the page's postMessage).
// Rocket.Chat reads `!ok` answers' `error` (`throw new Error(result.error)`): the envelope carries it.
import { z } from 'zod';
import { open, workspaceCaller } from './access';
import { c } from './c';
import { ErrorBody, NoBody, errorsOf } from './common';
import {
  AppRequest,
  AppRequestListQuery,
  AppRequestPage,
  AppRequestStats,
  AppRequestsMarked,
  CreateAppRequestInput,
  MarkAsSeenInput,
  PendingApps,
} from './schemas/app-requests';
import { MarketplaceHeaders } from './schemas/marketplace';

/** A workspace's calls: 401 without a valid workspace token; 404 for an app that is not this marketplace's (markAsSent). */
const workspaceErrors = (params: boolean, body: boolean) => ({
  ...errorsOf('public', { ...(params ? { params: true as const } : {}), ...(body ? { body: 'json' as const } : {}) }),
  401: ErrorBody,
  404: ErrorBody,
});

/**
 * The routes of a registered workspace (`Authorization: Bearer <workspace token>`, any scope): each sees and
 * changes only its own workspace's requests.
 */
export const appRequests = c.router({
  list: {
    method: 'GET',
    path: '/app-request',
    headers: MarketplaceHeaders,
    query: AppRequestListQuery,
    responses: { 200: AppRequestPage, ...workspaceErrors(false, false) },
    metadata: workspaceCaller(),
    summary:
      'Rocket.Chat: the workspace’s requests of an app, newest first, filtered by q (unseen, seen, notification-sent, notification-not-sent) and paged; data null for an app not listed here',
  },
  stats: {
    method: 'GET',
    path: '/app-request/stats',
    headers: MarketplaceHeaders,
    responses: { 200: AppRequestStats, ...workspaceErrors(false, false) },
    metadata: workspaceCaller(),
    summary: 'Rocket.Chat: how many of the workspace’s requests its admins have seen and not yet seen',
  },
  markAsSeen: {
    method: 'POST',
    path: '/app-request/markAsSeen',
    headers: MarketplaceHeaders,
    body: MarkAsSeenInput,
    responses: { 200: AppRequestsMarked, ...workspaceErrors(false, true) },
    metadata: workspaceCaller(),
    summary: 'Rocket.Chat: its admins saw these requests (ids of other workspaces’ requests change nothing)',
  },
  pending: {
    method: 'GET',
    path: '/app-request/sent/pending',
    responses: { 200: PendingApps, ...workspaceErrors(false, false) },
    metadata: workspaceCaller(),
    summary: 'Rocket.Chat’s cron: the apps whose requesters were not told yet (it tells those of apps now installed)',
  },
  markAsSent: {
    method: 'POST',
    path: '/app-request/markAsSent/:appId',
    pathParams: z.object({ appId: z.string() }),
    body: NoBody,
    responses: { 200: AppRequestsMarked, ...workspaceErrors(true, true) },
    metadata: workspaceCaller(),
    summary: 'Rocket.Chat’s cron: the requesters of the app were told (no body); an app that is not this marketplace’s is a 404',
  },
  /**
   * The requestAccess page's call: public (Rocket.Chat gives the page no token), rate limited per workspace and
   * address (server/kernel/plugins/security.ts); the requester is whoever Rocket.Chat named in the page's address.
   */
  create: {
    method: 'POST',
    path: '/app-request',
    body: CreateAppRequestInput,
    responses: { 201: AppRequest, ...errorsOf('public', { body: 'json', lookup: true, limited: true }) },
    metadata: open,
    summary:
      'The requestAccess page: an end user of a registered workspace asks its admins for a listed app (requester and admins as Rocket.Chat named them, base64 JSON); 404 for a workspace or app unknown here',
  },
});
