import { tsRestFetchApi, type ApiFetcherArgs } from '@ts-rest/core';
import { initTsrReactQuery } from '@ts-rest/react-query/v5';
import { contractRoutes } from 'virtual:contract-routes';
import type { ErrorBody } from '../../contract/common';

type Hooks = {
  token: () => string | undefined;
  onUnauthorized: () => void;
  /** How a call is made: the browser's fetch, unless the screen is rendered on the server (src/ssr/render.tsx). */
  fetchApi?: typeof tsRestFetchApi;
};
let hooks: Hooks = { token: () => undefined, onUnauthorized: () => {} };

/** Wires the client to the auth controller (token for requests, 401 → sign in). */
export function configureApi(next: Hooks) {
  hooks = next;
}

/** The headers every call sends (also used by uploads, which need XMLHttpRequest for progress). */
export function requestHeaders(): Record<string, string> {
  const token = hooks.token();
  return { authorization: token ? `Bearer ${token}` : '', 'x-requested-with': 'marketplace-portal' };
}

/** Hands a 401 over to the sign-in flow. */
export const unauthorized = () => hooks.onUnauthorized();

const withPortalHeaders = (args: ApiFetcherArgs): ApiFetcherArgs => ({
  ...args,
  headers: { ...args.headers, ...requestHeaders() },
  fetchOptions: { ...args.fetchOptions, referrerPolicy: 'strict-origin' },
});

/**
 * Every call goes through here: Bearer only with an unexpired token (else an empty header), the fixed
 * requested-with header, and a 401 hands over to the sign-in flow.
 */
async function api(args: ApiFetcherArgs) {
  const res = await (hooks.fetchApi ?? tsRestFetchApi)(withPortalHeaders(args));
  if (res.status === 401 && !args.path.endsWith('/oauth/exchange')) hooks.onUnauthorized();
  return res;
}

export const tsr = initTsrReactQuery(contractRoutes, { baseUrl: '', api, jsonQuery: false });

/** A non-2xx answer, thrown by every call: the parsed envelope, or only the status when unparsable. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody> | null,
  ) {
    super(body?.error ?? `HTTP ${status}`);
  }
  get requestId() {
    return this.body?.requestId;
  }
  get code() {
    return this.body?.code ?? this.status;
  }
}

/** Normalizes what ts-rest throws (a `{status, body}` response, or a network error) into an ApiError. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err && typeof err === 'object' && 'status' in err && typeof err.status === 'number') {
    const body = 'body' in err && err.body && typeof err.body === 'object' ? (err.body as Partial<ErrorBody>) : null;
    return new ApiError(err.status, body);
  }
  return new ApiError(0, { error: err instanceof Error ? err.message : 'The network request failed.' });
}

/** Unwraps a ts-rest response: the body of a 2xx, else an ApiError. */
export function unwrap<T extends { status: number; body: unknown }>(res: T): Extract<T, { status: 200 | 201 }>['body'] {
  if (res.status >= 200 && res.status < 300) return res.body as Extract<T, { status: 200 | 201 }>['body'];
  throw toApiError(res);
}
