import { z } from 'zod';

export const ExchangeInput = z.object({
  code: z.string().min(1).max(512),
  redirectUri: z.string().min(1).max(2048),
  /** PKCE (RFC 7636, S256), required by RFC 9700 for public clients. */
  codeVerifier: z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/, { error: 'A PKCE code verifier of 43 to 128 characters is required.' }),
});
export const TokenResponse = z.object({ access_token: z.string(), expires_in: z.number().int() });
export const StripeCodeInput = z.object({ code: z.string().min(1).max(512), state: z.string().max(512).optional() });
/** The browser's single-use state for the payment provider's return (kept locally, compared on return). */
export const StripeStateQuery = z.object({
  state: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, { error: 'A state of 16 to 128 URL-safe characters is required.' }),
});
export const UrlResponse = z.object({ url: z.string() });
