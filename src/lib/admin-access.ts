import { redirect } from '@tanstack/react-router';
import type { Feature } from '../../contract/access';
import type { Checks } from './access';
import { toast } from './toast';

export const accessText = {
  invalidAccessTitle: 'Invalid Access Level',
  invalidAccess: (what: string) =>
    `It appears you do not have access to read the system ${what}. If you believe this to be incorrect, please contact the Cloud Team.`,
};

/** A route guard of the Administration area: read on `feature`, else 'Invalid Access Level' and back to apps. */
export async function requireSystemRead(pending: Promise<Checks>, feature: Feature, what: string) {
  const checks = await pending;
  if (checks.can(feature, 'read')) return;
  toast.error(accessText.invalidAccess(what), accessText.invalidAccessTitle);
  throw redirect({ to: '/publisher/apps' });
}

/** The wizards: app create (new) or update permission, else 'Invalid Access Level' and back to apps. */
export async function requireAppPermission(pending: Promise<Checks>, permission: 'create' | 'update') {
  const checks = await pending;
  if (checks.can('app', permission)) return;
  toast.error(`It appears you do not have access to ${permission} apps. If you believe this to be incorrect, please contact the Cloud Team.`, accessText.invalidAccessTitle);
  throw redirect({ to: '/publisher/apps' });
}
