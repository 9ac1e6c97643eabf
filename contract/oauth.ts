import { can, open, session } from './access';
import { c } from './c';
import { errorsOf, NoBody, Ok } from './common';
import { ExchangeInput, StripeCodeInput, StripeStateQuery, TokenResponse, UrlResponse } from './schemas/oauth';

export const oauth = c.router({
  exchange: {
    method: 'POST',
    path: '/oauth/exchange',
    body: ExchangeInput,
    responses: { 200: TokenResponse, ...errorsOf('public', { body: 'json', limited: true, upstream: true }) },
    metadata: open,
    summary: 'Exchange a sign-in code for a portal access token',
  },
  /** Not in SPEC §7: sign-out revokes the portal token on the server too. */
  revoke: {
    method: 'DELETE',
    path: '/oauth/session',
    body: NoBody,
    responses: { 200: Ok, ...errorsOf('session', { body: 'json' }) },
    metadata: session,
    summary: 'Revoke the access token this request carries',
  },
  stripeConnect: {
    method: 'POST',
    path: '/oauth/stripe',
    body: StripeCodeInput,
    responses: { 200: Ok, ...errorsOf('feature', { body: 'json', conflict: true, upstream: true }) },
    metadata: can('publisher', 'update'),
    summary: 'Complete the payment provider connection',
  },
  stripeUrl: {
    method: 'GET',
    path: '/oauth/stripe',
    query: StripeStateQuery,
    responses: { 200: UrlResponse, ...errorsOf('feature', { upstream: true }) },
    metadata: can('publisher', 'update'),
    summary: 'URL of the payment provider’s onboarding; it returns to /publisher/oauth/stripe with a code and this state',
  },
});
