import { z } from 'zod';
import { HttpError } from '../errors';

/** The standard OAuth 2.0 / OpenID Connect endpoints of the cloud issuer (embedded or external). */
const Discovery = z.object({
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  userinfo_endpoint: z.string(),
});
export type IssuerEndpoints = z.infer<typeof Discovery>;

const TokenReply = z.object({ access_token: z.string(), token_type: z.string(), expires_in: z.number().optional() });
const UserInfo = z.object({
  sub: z.string().min(1),
  email: z.string(),
  given_name: z.string().default(''),
  family_name: z.string().default(''),
  preferred_username: z.string().default(''),
  /** The cloud account the person belongs to (a claim of the cloud's issuer; absent elsewhere). */
  account_id: z.string().min(1).max(64).optional(),
});
export type CloudUser = z.infer<typeof UserInfo>;

export type OAuthClientOptions = { issuer: () => string; clientId: string; clientSecret: string; timeoutMs?: number };

/**
 * Authorization-code exchange by the book: discovery, the token endpoint with client credentials and
 * the PKCE verifier, then userinfo. The same code runs against the embedded and an external issuer.
 */
export class OAuthClient {
  private discovery: Promise<IssuerEndpoints> | undefined;
  constructor(private readonly opts: OAuthClientOptions) {}

  private async call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000) });
    } catch {
      throw new HttpError(502, 'issuer_unreachable', 'The cloud authorization service did not respond.');
    }
  }

  endpoints(): Promise<IssuerEndpoints> {
    this.discovery ??= (async () => {
      const res = await this.call(`${this.opts.issuer()}/.well-known/openid-configuration`, {});
      const parsed = Discovery.safeParse(res.ok ? await res.json() : null);
      if (!parsed.success) throw new HttpError(502, 'issuer_unreachable', 'The cloud authorization service is misconfigured.');
      return parsed.data;
    })().catch((e: unknown) => {
      this.discovery = undefined;
      throw e;
    });
    return this.discovery;
  }

  async exchange(input: { code: string; redirectUri: string; codeVerifier: string }): Promise<CloudUser> {
    const { token_endpoint, userinfo_endpoint } = await this.endpoints();
    const res = await this.call(token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: input.redirectUri,
        client_id: this.opts.clientId,
        client_secret: this.opts.clientSecret,
        code_verifier: input.codeVerifier,
      }),
    });
    const body = (await res.json().catch(() => ({}))) as { error?: string; error_description?: string };
    if (!res.ok) {
      const code = body.error ?? 'invalid_grant';
      throw new HttpError(400, code, body.error_description ?? 'The sign-in code could not be exchanged.');
    }
    const token = TokenReply.safeParse(body);
    if (!token.success) throw new HttpError(502, 'issuer_invalid_reply', 'The cloud authorization service answered unexpectedly.');
    const info = await this.call(userinfo_endpoint, { headers: { authorization: `Bearer ${token.data.access_token}` } });
    const user = UserInfo.safeParse(info.ok ? await info.json() : null);
    if (!user.success) throw new HttpError(502, 'issuer_invalid_reply', 'The cloud authorization service did not return the user.');
    return user.data;
  }
}
