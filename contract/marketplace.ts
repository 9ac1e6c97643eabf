import { z } from 'zod';
import { workspaceMayCall } from './access';
import { c } from './c';
import { ErrorBody, errorsOf } from './common';
import {
  AppsQuery,
  AppVersionQuery,
  FeaturedSections,
  MarketplaceApp,
  MarketplaceHeaders,
  MarketplaceInfo,
  MarketplaceRelease,
  MarketplaceScreenshot,
} from './schemas/marketplace';

/**
 * A public read of the catalog that a registered workspace's token may accompany (`Authorization: Bearer
 * <workspace token>`): then the answer carries that workspace's purchases; a token that is not a live
 * workspace token holding marketplace:read (Rocket.Chat asks for it: app/cloud/server/oauthScopes.ts) is a 401.
 * Anonymous reads are allowed, as on Rocket.Chat's own marketplace. The one gate decides the token
 * (server/kernel/plugins/access.ts).
 */
export const workspaceRead = workspaceMayCall('marketplace:read');

/** The errors of these reads: a bad request (400; a malformed X-Apps-Engine-Version is `code: 200`), a token that is no workspace's (401), a row not listed (404). */
const readErrors = (params: boolean) => ({ ...errorsOf('public', params ? { params: true } : {}), 401: ErrorBody, 404: ErrorBody });

/**
 * The catalog in Rocket.Chat's shapes: what a Rocket.Chat server reads when its Marketplace screen lists,
 * shows and installs apps (RocketChat/Rocket.Chat `apps/meteor/ee/server/apps/marketplace/*.ts` and
 * `apps/meteor/ee/server/apps/communication/rest.ts`; docs/rocketchat.md "Rocket.Chat's calls to its marketplace").
 * Published versions of apps only (bundles are listed through their apps' `bundledIn`). `POST /v1/apps` and
 * `POST /v1/apps/:id` on the same paths are the Apps CLI's submissions (contract/submissions.ts).
 */
export const marketplace = c.router({
  apps: {
    method: 'GET',
    path: '/apps',
    headers: MarketplaceHeaders,
    query: AppsQuery,
    responses: { 200: z.array(MarketplaceApp), 304: c.noBody(), ...readErrors(false) },
    metadata: workspaceRead,
    summary:
      'Rocket.Chat: the published apps, each with its newest version the caller’s engine runs as `latest` (else its newest, marked versionIncompatible); strong ETag, 304 on If-None-Match',
  },
  featured: {
    method: 'GET',
    path: '/featured-apps',
    headers: MarketplaceHeaders,
    responses: { 200: FeaturedSections, ...readErrors(false) },
    metadata: workspaceRead,
    summary: 'Rocket.Chat: the featured sections staff curate, each with its published apps',
  },
  app: {
    method: 'GET',
    path: '/apps/:id',
    pathParams: z.object({ id: z.string() }),
    headers: MarketplaceHeaders,
    query: AppVersionQuery,
    responses: { 200: z.union([z.array(MarketplaceInfo).length(1), z.array(MarketplaceRelease)]), ...readErrors(true) },
    metadata: workspaceRead,
    summary:
      'Rocket.Chat: the app’s published versions, newest first (`[{version, createdDate, detailedChangelog}]`); with `?appVersion=X`, an array of exactly one flat IMarketplaceInfo of that published version',
  },
  latest: {
    method: 'GET',
    path: '/apps/:id/latest',
    pathParams: z.object({ id: z.string() }),
    headers: MarketplaceHeaders,
    query: AppVersionQuery,
    responses: { 200: MarketplaceInfo, ...readErrors(true) },
    metadata: workspaceRead,
    summary: 'Rocket.Chat: the app’s newest published version the caller’s engine runs (tosLink, privacyLink, bundledIn …); `appVersion` is not needed',
  },
  screenshots: {
    method: 'GET',
    path: '/apps/:id/screenshots',
    pathParams: z.object({ id: z.string() }),
    headers: MarketplaceHeaders,
    responses: { 200: z.array(MarketplaceScreenshot), ...readErrors(true) },
    metadata: workspaceRead,
    summary: 'Rocket.Chat: the screenshots of the app’s listed version (none for an app not listed)',
  },
  bundleApps: {
    method: 'GET',
    path: '/bundles/:id/apps',
    pathParams: z.object({ id: z.string() }),
    headers: MarketplaceHeaders,
    responses: { 200: z.array(MarketplaceApp), ...readErrors(true) },
    metadata: workspaceRead,
    summary: 'Rocket.Chat: the published apps of a published bundle',
  },
});
