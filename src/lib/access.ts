import { features, permissions, SYSTEM_GROUP, isSystemFeature, type Feature, type Permission } from '../../contract/access';
import type { AccessControl } from '../../contract/schemas/catalog';

export type Checks = {
  /** Whether the signed-in developer has `permission` on `feature` (in `system` or their publisher). */
  can: (feature: Feature, permission: Permission) => boolean;
  developerId: string;
  publisherId: string | null;
};

const SUBJECT = 'me';

/**
 * Loads the server's policy into casbin — the server's own enforcer library, its code fetched on demand,
 * off the critical path — then answers every (feature, permission, developer, group) check from a cache
 * filled up front.
 */
export async function loadChecks(ac: AccessControl, developerId: string, publisherId: string | null): Promise<Checks> {
  const { newEnforcer, newModelFromString } = await import('casbin');
  const enforcer = await newEnforcer(newModelFromString(ac.model));
  await enforcer.addPolicies([...ac.policies.system, ...ac.policies.publisher].map(([, ...row]) => row));
  const grouping = [
    ...ac.roles.system.map((role) => [SUBJECT, role, SYSTEM_GROUP]),
    ...(publisherId ? ac.roles.publisher.map((role) => [SUBJECT, role, publisherId]) : []),
  ];
  if (grouping.length > 0) await enforcer.addGroupingPolicies(grouping);
  // The flags of the developer's publisher (SPEC §6) that some features need beside the role.
  if (publisherId && ac.flags.length > 0)
    await enforcer.addNamedGroupingPolicies(
      'g2',
      ac.flags.map((flag) => [publisherId, flag]),
    );
  const cache = new Map<string, boolean>();
  const key = (f: Feature, p: Permission, group: string) => `${f}|${p}|${developerId}|${group}`;
  for (const feature of features) {
    const group = isSystemFeature(feature) ? SYSTEM_GROUP : publisherId;
    for (const permission of permissions) {
      const allowed = group ? await enforcer.enforce(SUBJECT, group, feature, permission) : false;
      cache.set(key(feature, permission, group ?? ''), allowed);
    }
  }
  return {
    developerId,
    publisherId,
    can: (feature, permission) => cache.get(key(feature, permission, (isSystemFeature(feature) ? SYSTEM_GROUP : publisherId) ?? '')) ?? false,
  };
}

/** The four flags the screens use (SPEC §6: canRead, canCreate, canUpdate, canDelete). */
export const flagsFor = (checks: Checks | null, feature: Feature) => ({
  canRead: !!checks?.can(feature, 'read'),
  canCreate: !!checks?.can(feature, 'create'),
  canUpdate: !!checks?.can(feature, 'update'),
  canDelete: !!checks?.can(feature, 'delete'),
});
