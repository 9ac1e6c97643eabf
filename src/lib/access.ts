import type { Feature, Permission } from '../../contract/access';
import type { AccessControl } from '../../contract/schemas/catalog';

export type Checks = {
  /** Whether the signed-in developer has `permission` on `feature` (in `system` or their publisher). */
  can: (feature: Feature, permission: Permission) => boolean;
  developerId: string;
  publisherId: string | null;
};

/**
 * The signed-in developer's checks from the server's decisions (`allowed` in /v1/me/ac): the server's casbin
 * enforcer — the one the gate asks on every request — has answered every (feature, permission) where the
 * developer holds a role, so the SPA obeys the one policy without shipping or running an enforcer of its own
 * (docs/adr/0010-first-screen-by-design.md).
 */
export function checksFrom(ac: Pick<AccessControl, 'allowed'>, developerId: string, publisherId: string | null): Checks {
  const allowed = new Set(ac.allowed);
  return {
    developerId,
    publisherId,
    can: (feature, permission) => allowed.has(`${feature}:${permission}`),
  };
}

/** The four flags the screens use (SPEC §6: canRead, canCreate, canUpdate, canDelete). */
export const flagsFor = (checks: Checks | null, feature: Feature) => ({
  canRead: !!checks?.can(feature, 'read'),
  canCreate: !!checks?.can(feature, 'create'),
  canUpdate: !!checks?.can(feature, 'update'),
  canDelete: !!checks?.can(feature, 'delete'),
});
