import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { NewTrustPolicyInput, TrustPolicy } from '../../../contract/schemas/tokens';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { apiTokens, apps, publisherActivity, trustPolicies } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import type { Staff } from '../../kernel/activity';

/** How many CI workflows one app may trust (each is checked on every exchange for it). */
export const MAX_POLICIES_PER_APP = 20;
/** The activity log's actions of trusted publishing. */
export const TRUST_ACTIONS = { added: 'trust_policy_added', removed: 'trust_policy_removed', exchanged: 'trusted_publishing_token_issued' } as const;
export const REF_INVALID = 'A ref is a full git ref, such as refs/heads/main or refs/tags/v1.0.0.';

type PolicyRow = typeof trustPolicies.$inferSelect;
type AppRow = { id: string; publisherId: string };

export const toTrustPolicy = (r: PolicyRow): TrustPolicy => ({
  id: r.id,
  appId: r.appId,
  issuer: r.issuer,
  repository: r.repository,
  workflow: r.workflow,
  environment: r.environment,
  ref: r.ref,
  createdBy: r.createdByName,
  createdAt: r.createdAt.toISOString(),
});

/** What the activity log says of a policy: enough to know which workflow it was after it is gone. */
const described = (r: PolicyRow, app: AppRow) => ({
  appId: app.id,
  policyId: r.id,
  issuer: r.issuer,
  repository: r.repository,
  workflow: r.workflow,
  environment: r.environment,
  ref: r.ref,
});

export async function listPolicies(db: Db, appId: string) {
  const rows = await db.select().from(trustPolicies).where(eq(trustPolicies.appId, appId)).orderBy(desc(trustPolicies.createdAt), desc(trustPolicies.id));
  return rows.map(toTrustPolicy);
}

const samePolicy = (r: PolicyRow, input: Omit<NewTrustPolicyInput, 'issuer'> & { issuer: string }) =>
  r.issuer === input.issuer &&
  r.repository.toLowerCase() === input.repository.toLowerCase() &&
  r.workflow === input.workflow &&
  (r.environment ?? '').toLowerCase() === (input.environment ?? '').toLowerCase() &&
  r.ref === input.ref;

/** The app's policies, its row locked: policy changes of one app happen one at a time (no duplicate slips in). */
async function lockedPolicies(tx: Tx, appId: string) {
  await tx.select({ id: apps.id }).from(apps).where(eq(apps.id, appId)).for('update');
  return tx.select().from(trustPolicies).where(eq(trustPolicies.appId, appId));
}

/**
 * Trusts a CI workflow to submit versions of the app. `issuer` is the configured spelling of an allowed issuer
 * (the route refuses others). The same workflow twice, or more than MAX_POLICIES_PER_APP, is a 409.
 */
export async function addPolicy(db: Db, app: AppRow, input: NewTrustPolicyInput & { issuer: string }, by: Staff) {
  if (input.ref !== null && !/^refs\/[^\s]+$/.test(input.ref)) throw badRequest(REF_INVALID, [{ path: 'ref', message: REF_INVALID }]);
  return db.transaction(async (tx) => {
    const existing = await lockedPolicies(tx, app.id);
    if (existing.some((r) => samePolicy(r, input))) throw conflict('trust_policy_exists', 'This workflow is already trusted for this app.');
    if (existing.length >= MAX_POLICIES_PER_APP)
      throw conflict('too_many_trust_policies', `An app trusts at most ${MAX_POLICIES_PER_APP} workflows: remove one first.`);
    const [row] = await tx
      .insert(trustPolicies)
      .values({
        id: newId(),
        appId: app.id,
        publisherId: app.publisherId,
        issuer: input.issuer,
        repository: input.repository,
        workflow: input.workflow,
        environment: input.environment,
        ref: input.ref,
        createdBy: by.id,
        createdByName: by.name,
      })
      .returning();
    await tx
      .insert(publisherActivity)
      .values({ id: newId(), publisherId: app.publisherId, userId: by.id, userName: by.name, action: TRUST_ACTIONS.added, extra: described(row!, app) });
    return toTrustPolicy(row!);
  });
}

/**
 * Stops trusting a workflow: no new exchange matches it, and the tokens it was given and still hold (at most
 * 15 minutes' worth) are revoked at once — a policy is removed when its repository is no longer trusted.
 */
export async function removePolicy(db: Db, app: AppRow, policy: PolicyRow, by: Staff) {
  return db.transaction(async (tx) => {
    await lockedPolicies(tx, app.id);
    const [row] = await tx.delete(trustPolicies).where(eq(trustPolicies.id, policy.id)).returning();
    // Gone meanwhile (removed by someone else): answered as removed, logged once.
    if (!row) return toTrustPolicy(policy);
    const revoked = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiTokens.trustPolicyId, policy.id), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, new Date())))
      .returning({ id: apiTokens.id });
    await tx.insert(publisherActivity).values({
      id: newId(),
      publisherId: app.publisherId,
      userId: by.id,
      userName: by.name,
      action: TRUST_ACTIONS.removed,
      extra: { ...described(row, app), revokedTokens: revoked.map((t) => t.id) },
    });
    return toTrustPolicy(row);
  });
}
