import { redirect } from '@tanstack/react-router';
import type { Feature, Permission } from '../../contract/access';
import type { Checks } from './access';
import { toast } from './toast';

export const accessText = {
  invalidAccessTitle: 'Invalid Access Level',
  invalidAccess: (what: string, permission: Permission = 'read') =>
    `It appears you do not have access to ${permission} the system ${what}. If you believe this to be incorrect, please contact the Cloud Team.`,
};

/**
 * A route guard of the Administration area: read on `feature` (or `permission`: the review queue needs update),
 * else 'Invalid Access Level' and back to apps.
 */
export async function requireSystemRead(pending: Promise<Checks>, feature: Feature, what: string, permission: Permission = 'read') {
  const checks = await pending;
  if (checks.can(feature, permission)) return;
  toast.error(accessText.invalidAccess(what, permission), accessText.invalidAccessTitle);
  throw redirect({ to: '/publisher/apps' });
}

/** The wizards: app create (new) or update permission, else 'Invalid Access Level' and back to apps. */
export async function requireAppPermission(pending: Promise<Checks>, permission: 'create' | 'update') {
  const checks = await pending;
  if (checks.can('app', permission)) return;
  toast.error(
    `It appears you do not have access to ${permission} apps. If you believe this to be incorrect, please contact the Cloud Team.`,
    accessText.invalidAccessTitle,
  );
  throw redirect({ to: '/publisher/apps' });
}
