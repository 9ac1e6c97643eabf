import { and, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import { ACCESS_TOKEN_TYPE, TRUSTED_TOKEN_SECONDS, type TokenExchangeResponse } from '../../../contract/schemas/tokens';
import { API_TOKEN_PREFIX } from '../../access/credentials';
import { normalizeIssuer } from '../../config';
import type { Db } from '../../db/client';
import { newId, randomToken, sha256 } from '../../db/ids';
import { apiTokens, apps, ciTokenUses, publisherActivity, trustPolicies } from '../../db/schema';
import { HttpError } from '../../errors';
import { matchesPolicy, parseWorkflowRef, type CiClaims } from './claims';
import { CLOCK_TOLERANCE, invalidGrant, type CiTokens } from './ci-tokens';
import { TRUST_ACTIONS } from './policies';

/** How many characters of a secret are kept to recognize it (as API tokens keep theirs). */
const PREFIX_LENGTH = 12;

/**
 * The same refusal for an app that does not exist, another publisher's, and one whose policies do not match:
 * a CI token (anyone can get one for their own repository) learns nothing about which apps exist.
 */
const noPolicy = (claims: CiClaims) =>
  new HttpError(
    403,
    'no_trust_policy',
    `No trusted publisher of this app matches this workflow (repository ${claims.repository}, workflow ${claims.workflow_ref}${claims.environment ? `, environment ${claims.environment}` : ''}${claims.ref ? `, ref ${claims.ref}` : ''}).`,
  );

/**
 * RFC 8693 token exchange for trusted publishing: a CI's identity token (verified against its issuer's keys)
 * for a token that submits versions of `appId` for TRUSTED_TOKEN_SECONDS — when a policy of the app's
 * publisher for that app trusts the token's workflow. The token is an API token row (`trustPolicyId` set,
 * ability `submit`, that app only), its secret returned once and stored hashed; the exchange is in the
 * publisher's activity log. Refusals write nothing.
 *
 * A CI token is exchanged once: its issuer and `jti` are recorded (ci_token_uses) in the transaction that makes
 * the token, kept until the CI token could no longer verify (its `exp` plus the clock tolerance), and a second
 * exchange of it — in turn or at the same moment — meets that row and is refused (400 `invalid_grant`, as RFC
 * 6749 §5.2 answers a grant that is no longer valid). The rows whose time is over go in the same transaction.
 */
export async function exchangeCiToken(
  db: Db,
  ciTokens: CiTokens,
  input: { subjectToken: string; appId: string },
): Promise<z.infer<typeof TokenExchangeResponse>> {
  const claims = await ciTokens.verify(input.subjectToken);
  const policies = await db
    .select({ policy: trustPolicies })
    .from(trustPolicies)
    .innerJoin(apps, and(eq(apps.id, trustPolicies.appId), eq(apps.publisherId, trustPolicies.publisherId)))
    .where(eq(trustPolicies.appId, input.appId));
  const policy = policies.map((p) => p.policy).find((p) => matchesPolicy(p, claims));
  if (!policy) throw noPolicy(claims);

  const secret = `${API_TOKEN_PREFIX}${randomToken(32)}`;
  const tokenId = newId();
  const name = `Trusted publishing: ${claims.repository} ${policy.workflow}`;
  await db.transaction(async (tx) => {
    // Still trusted now (a removal that committed meanwhile wins: its revocation would miss this token).
    const [still] = await tx.select({ id: trustPolicies.id }).from(trustPolicies).where(eq(trustPolicies.id, policy.id)).for('share');
    if (!still) throw noPolicy(claims);
    const now = new Date();
    await tx.delete(ciTokenUses).where(lt(ciTokenUses.expiresAt, now));
    const [first] = await tx
      .insert(ciTokenUses)
      .values({ issuer: normalizeIssuer(claims.iss), jti: claims.jti, expiresAt: new Date((claims.exp + CLOCK_TOLERANCE) * 1000) })
      .onConflictDoNothing()
      .returning({ jti: ciTokenUses.jti });
    if (!first) throw invalidGrant('it was already exchanged (a CI identity token is exchanged once)');
    await tx.insert(apiTokens).values({
      id: tokenId,
      publisherId: policy.publisherId,
      name,
      prefix: secret.slice(0, PREFIX_LENGTH),
      secretHash: sha256(secret),
      abilities: ['submit'],
      appIds: [policy.appId],
      trustPolicyId: policy.id,
      createdBy: `trust:${policy.id}`,
      createdByName: claims.repository,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TRUSTED_TOKEN_SECONDS * 1000),
    });
    await tx.insert(publisherActivity).values({
      id: newId(),
      publisherId: policy.publisherId,
      userId: `trust:${policy.id}`,
      userName: name,
      action: TRUST_ACTIONS.exchanged,
      when: now,
      extra: {
        appId: policy.appId,
        policyId: policy.id,
        tokenId,
        repository: claims.repository,
        workflow: parseWorkflowRef(claims.workflow_ref)?.file ?? policy.workflow,
        workflowRef: claims.workflow_ref,
        ref: claims.ref ?? null,
        environment: claims.environment ?? null,
        actor: claims.actor ?? null,
        runId: claims.run_id ?? null,
        sha: claims.sha ?? null,
      },
    });
  });
  return { access_token: secret, issued_token_type: ACCESS_TOKEN_TYPE, token_type: 'Bearer', expires_in: TRUSTED_TOKEN_SECONDS, scope: 'submit' };
}
