import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ACCESS_TOKEN_TYPE, TRUSTED_TOKEN_SECONDS, type TokenExchangeResponse } from '../../../contract/schemas/tokens';
import { API_TOKEN_PREFIX } from '../../access/credentials';
import type { Db } from '../../db/client';
import { newId, randomToken, sha256 } from '../../db/ids';
import { apiTokens, apps, publisherActivity, trustPolicies } from '../../db/schema';
import { HttpError } from '../../errors';
import { matchesPolicy, parseWorkflowRef, type CiClaims } from './claims';
import type { CiTokens } from './ci-tokens';
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
 */
export async function exchangeCiToken(db: Db, ciTokens: CiTokens, input: { subjectToken: string; appId: string }): Promise<z.infer<typeof TokenExchangeResponse>> {
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
