import { createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { normalizeIssuer, type TrustedIssuer } from '../../config';
import { HttpError } from '../../errors';
import { ciClaimsOf, type CiClaims } from './claims';

/** Only asymmetric signatures: an issuer's public keys can verify them, nobody holding them can forge one. */
const ALGORITHMS = ['RS256', 'ES256'];
const TIMEOUT_MS = 10_000;
/** Seconds the CI runner's clock and the portal's may disagree by (a token's `nbf` is its issue time). */
export const CLOCK_TOLERANCE = 30;
/** How far in the future a token's `iat` may be (a runner's clock a little ahead of the portal's), in seconds. */
export const MAX_IAT_AHEAD = 60;
/** The longest `jti` kept (GitHub's are UUIDs). */
const MAX_JTI_LENGTH = 256;

/** A verified CI identity token: its claims, and what makes it exchangeable once (its `jti`, until its `exp`). */
export type VerifiedCiToken = CiClaims & { jti: string; iat: number; exp: number };
const Discovery = z.object({ issuer: z.string().optional(), jwks_uri: z.url() });

export const invalidGrant = (why: string) => new HttpError(400, 'invalid_grant', `The subject token was refused: ${why}.`);
const unreachable = (issuer: string) => new HttpError(502, 'issuer_unreachable', `The signing keys of ${issuer} could not be fetched: try again shortly.`);

/** The key set's own failure to find a key is the token's fault; anything else it throws is the fetch's. */
const isTokenFault = (err: unknown) =>
  err instanceof errors.JWKSNoMatchingKey ||
  err instanceof errors.JWKSMultipleMatchingKeys ||
  err instanceof errors.JOSENotSupported ||
  err instanceof errors.JWKInvalid;

/** Why jose refused a token, said to the CI job (never a stack, never the token). */
function reasonOf(err: unknown): string {
  if (err instanceof errors.JWTExpired) return 'it has expired';
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === 'aud') return 'its audience is not this portal’s';
    if (err.claim === 'iss') return 'its issuer is not the one it claims';
    return `its ${err.claim} claim is not valid`;
  }
  if (err instanceof errors.JOSEAlgNotAllowed) return 'it is not signed with RS256 or ES256';
  if (err instanceof errors.JWKSNoMatchingKey) return 'no signing key of its issuer verifies it';
  if (err instanceof errors.JWSSignatureVerificationFailed) return 'its signature does not verify';
  return 'it is not a signed JWT';
}

/**
 * CI identity tokens (GitHub Actions' OIDC ID tokens, or another configured issuer's), verified with `jose`
 * against their issuer's keys: each issuer's JWKS (configured, or discovered from its OpenID configuration)
 * fetched once, cached by jose and fetched again when a token names a key it has not seen (at most every 30 s).
 */
export class CiTokens {
  private readonly keySets = new Map<string, Promise<JWTVerifyGetKey>>();
  private readonly issuers: Map<string, TrustedIssuer>;

  constructor(private readonly opts: { issuers: TrustedIssuer[]; audience: string }) {
    this.issuers = new Map(opts.issuers.map((i) => [normalizeIssuer(i.issuer), i]));
  }

  /** The configured spelling of an issuer, if policies may name it. */
  allowedIssuer(issuer: string): string | undefined {
    return this.issuers.get(normalizeIssuer(issuer))?.issuer;
  }

  private keySet(issuer: TrustedIssuer): Promise<JWTVerifyGetKey> {
    let keys = this.keySets.get(issuer.issuer);
    if (!keys) {
      keys = (async () => {
        let url = issuer.jwksUrl;
        if (!url) {
          const res = await fetch(`${issuer.issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
          if (!res.ok) throw new Error(`discovery answered ${res.status}`);
          const discovery = Discovery.parse(await res.json());
          if (discovery.issuer !== undefined && normalizeIssuer(discovery.issuer) !== issuer.issuer)
            throw new Error(`discovery names another issuer: ${discovery.issuer}`);
          url = discovery.jwks_uri;
        }
        return createRemoteJWKSet(new URL(url), { timeoutDuration: TIMEOUT_MS });
      })();
      // A failed discovery is tried again by the next exchange.
      keys.catch(() => this.keySets.delete(issuer.issuer));
      this.keySets.set(issuer.issuer, keys);
    }
    return keys;
  }

  /**
   * The token's claims once its signature (RS256/ES256, by a key of its issuer's JWKS), issuer, audience and
   * lifetime verify; else 400 `invalid_grant` saying why, or 502 `issuer_unreachable` when the issuer's keys
   * cannot be fetched. The issuer is read from the token first only to pick whose keys verify it: one that is
   * not configured is refused before anything is fetched. Its lifetime: unexpired, issued (`iat`) no more than
   * MAX_IAT_AHEAD seconds in the future, living (`exp` − `iat`) no longer than its issuer's `maxTokenSeconds`;
   * and it carries a `jti`, by which the exchange takes it once (exchange.ts).
   */
  async verify(token: string): Promise<VerifiedCiToken> {
    let claimed: unknown;
    try {
      claimed = decodeJwt(token).iss;
    } catch {
      throw invalidGrant('it is not a JWT');
    }
    const issuer = typeof claimed === 'string' ? this.issuers.get(normalizeIssuer(claimed)) : undefined;
    if (!issuer) throw invalidGrant('its issuer is not trusted on this portal');
    let fetchFailed = false;
    const keys = await this.keySet(issuer).catch(() => {
      throw unreachable(issuer.issuer);
    });
    const getKey: JWTVerifyGetKey = async (header, input) => {
      try {
        return await keys(header, input);
      } catch (err) {
        if (!isTokenFault(err)) fetchFailed = true;
        throw err;
      }
    };
    try {
      const { payload } = await jwtVerify(token, getKey, {
        issuer: claimed as string,
        audience: this.opts.audience,
        algorithms: ALGORITHMS,
        requiredClaims: ['exp', 'iat'],
        clockTolerance: CLOCK_TOLERANCE,
      });
      // jose required both, as numbers.
      const iat = payload.iat!;
      const exp = payload.exp!;
      if (iat > Date.now() / 1000 + MAX_IAT_AHEAD) throw invalidGrant(`it was issued in the future (its iat is more than ${MAX_IAT_AHEAD} s ahead)`);
      if (exp - iat > issuer.maxTokenSeconds)
        throw invalidGrant(`it lives longer than its issuer's tokens may (more than ${issuer.maxTokenSeconds} s from iat to exp)`);
      const jti = payload.jti;
      if (typeof jti !== 'string' || jti === '' || jti.length > MAX_JTI_LENGTH)
        throw invalidGrant('it has no jti claim (a token is exchanged once, known by its jti)');
      const claims = ciClaimsOf(payload);
      if (!claims) throw invalidGrant('it lacks the repository or workflow_ref claim');
      return { ...claims, jti, iat, exp };
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if (fetchFailed) throw unreachable(issuer.issuer);
      throw invalidGrant(reasonOf(err));
    }
  }
}
