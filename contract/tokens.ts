import { z } from 'zod';
import { can, canOn, open } from './access';
import { c } from './c';
import { errorsOf, NoBody } from './common';
import { ApiToken, CreatedToken, NewTokenInput, NewTrustPolicyInput, TokenExchangeInput, TokenExchangeResponse, TrustPolicy } from './schemas/tokens';

const tokenId = z.object({ tokenId: z.string() });
const appId = z.object({ id: z.string() });

/** A publisher's API tokens (the "API tokens" card of /publisher/info). */
export const tokens = c.router({
  list: {
    method: 'GET',
    path: '/publisher/tokens',
    responses: { 200: z.array(ApiToken), ...errorsOf('feature') },
    metadata: can('app', 'read'),
    summary: 'The publisher’s API tokens, newest first (never their secrets)',
  },
  create: {
    method: 'POST',
    path: '/publisher/tokens',
    body: NewTokenInput,
    responses: { 201: CreatedToken, ...errorsOf('feature', { body: 'json' }) },
    metadata: can('app', 'update'),
    summary: 'Create an API token: its secret is in this answer only',
  },
  revoke: {
    method: 'DELETE',
    path: '/publisher/tokens/:tokenId',
    pathParams: tokenId,
    body: NoBody,
    responses: { 200: ApiToken, ...errorsOf('feature', { params: true, body: 'json', conflict: true }) },
    metadata: canOn('apiToken', 'app', 'update'),
    summary: 'Revoke an API token (at once, in every process)',
  },
});

/** Trusted publishing: which CI workflows may submit versions of an app with their own identity. */
export const trust = c.router({
  list: {
    method: 'GET',
    path: '/publisher/apps/:id/trust',
    pathParams: appId,
    responses: { 200: z.array(TrustPolicy), ...errorsOf('feature', { params: true }) },
    metadata: canOn('app', 'app', 'read'),
    summary: 'The app’s trusted publishers',
  },
  create: {
    method: 'POST',
    path: '/publisher/apps/:id/trust',
    pathParams: appId,
    body: NewTrustPolicyInput,
    responses: { 201: TrustPolicy, ...errorsOf('feature', { params: true, body: 'json', conflict: true }) },
    metadata: canOn('app', 'app', 'update'),
    summary: 'Trust a CI workflow (issuer, repository, workflow file, optionally environment and ref) to submit versions',
  },
  remove: {
    method: 'DELETE',
    path: '/publisher/apps/:id/trust/:policyId',
    pathParams: z.object({ id: z.string(), policyId: z.string() }),
    body: NoBody,
    responses: { 200: TrustPolicy, ...errorsOf('feature', { params: true, body: 'json' }) },
    metadata: canOn('trustPolicy', 'app', 'update'),
    summary: 'Stop trusting a CI workflow (tokens it already holds end within 15 minutes)',
  },
  exchange: {
    method: 'POST',
    path: '/oauth/token',
    contentType: 'application/x-www-form-urlencoded',
    body: TokenExchangeInput,
    responses: { 200: TokenExchangeResponse, ...errorsOf('public', { body: 'json', refuses: true, limited: true, upstream: true }) },
    metadata: open,
    summary: 'Trusted publishing (RFC 8693 token exchange): a CI’s OIDC ID token for a 15-minute token that submits versions of one app',
  },
});
