import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';

const Discovery = z.object({ issuer: z.string().optional(), jwks_uri: z.string().url() });

/** Who a verified access token names, with its scope and expiry. */
export type TokenIdentity = { cloudUserId: string; scope: string; expiresAt: Date };

/**
 * Access tokens of the configured cloud issuer, for clients that call the portal with them (Rocket.Chat's
 * Apps CLI): a signed JWT, verified with `jose` against the issuer's keys (its JWKS, discovered from its
 * OpenID configuration or configured as CLOUD_JWKS_URL, fetched once and refreshed when an unknown key
 * appears), issued by that issuer and not expired. Its scope is the `scope` claim (space-separated) or `scp`
 * (a list). Anything else — an opaque token, a bad signature, another issuer — names nobody.
 */
export class IssuerTokens {
  private keys: Promise<JWTVerifyGetKey> | undefined;
  constructor(private readonly opts: { issuer: string; jwksUrl?: string; audience?: string; timeoutMs?: number }) {}

  private keySet(): Promise<JWTVerifyGetKey> {
    this.keys ??= (async () => {
      let url = this.opts.jwksUrl;
      if (!url) {
        const res = await fetch(`${this.opts.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
          signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
        });
        url = Discovery.parse(await res.json()).jwks_uri;
      }
      return createRemoteJWKSet(new URL(url), { timeoutDuration: this.opts.timeoutMs ?? 10_000 });
    })().catch((e: unknown) => {
      this.keys = undefined;
      throw e;
    });
    return this.keys;
  }

  async identify(token: string): Promise<TokenIdentity | null> {
    if (token.split('.').length !== 3) return null;
    try {
      const { payload } = await jwtVerify(token, await this.keySet(), {
        issuer: this.opts.issuer,
        ...(this.opts.audience ? { audience: this.opts.audience } : {}),
        requiredClaims: ['sub', 'exp'],
      });
      const scope =
        typeof payload.scope === 'string' ? payload.scope : Array.isArray(payload.scp) ? payload.scp.filter((s) => typeof s === 'string').join(' ') : '';
      return { cloudUserId: payload.sub!, scope, expiresAt: new Date(payload.exp! * 1000) };
    } catch {
      return null;
    }
  }
}
