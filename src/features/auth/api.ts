import type { z } from 'zod';
import type { ExchangeInput, TokenResponse } from '../../../contract/schemas/oauth';
import { toApiError, tsr } from '../../lib/api';

/**
 * The sign-in's code (with its PKCE verifier) exchanged for a portal access token (`POST /oauth/exchange`); any other
 * answer is thrown as an ApiError. A plain call, not a mutation: the auth machine (machines/auth.ts) drives the
 * sign-in, and /oauth/callback reports the outcome to it.
 */
export async function exchangeCode(body: z.infer<typeof ExchangeInput>): Promise<z.infer<typeof TokenResponse>> {
  const res = await tsr.oauth.exchange.mutate({ body });
  if (res.status !== 200) throw toApiError(res);
  return res.body;
}
