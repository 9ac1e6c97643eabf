import { can, open, session } from './access';
import { c } from './c';
import { errors, NoBody, Ok } from './common';
import { ExchangeInput, StripeCodeInput, StripeStateQuery, TokenResponse, UrlResponse } from './schemas/oauth';

export const oauth = c.router({
  exchange: {
    method: 'POST',
    path: '/oauth/exchange',
    body: ExchangeInput,
    responses: { 200: TokenResponse, ...errors },
    metadata: open,
    summary: 'Exchange a sign-in code for a portal access token',
  },
  /** Not in SPEC §7: sign-out revokes the portal token on the server too. */
  revoke: {
    method: 'DELETE',
    path: '/oauth/session',
    body: NoBody,
    responses: { 200: Ok, ...errors },
    metadata: session,
    summary: 'Revoke the access token this request carries',
  },
  stripeConnect: {
    method: 'POST',
    path: '/oauth/stripe',
    body: StripeCodeInput,
    responses: { 200: Ok, ...errors },
    metadata: can('publisher', 'update'),
    summary: 'Complete the payment provider connection',
  },
  stripeUrl: {
    method: 'GET',
    path: '/oauth/stripe',
    query: StripeStateQuery,
    responses: { 200: UrlResponse, ...errors },
    metadata: can('publisher', 'update'),
    summary: 'URL of the payment provider’s onboarding; it returns to /publisher/oauth/stripe with a code and this state',
  },
});
