import { useRouteContext } from '@tanstack/react-router';
import type { Feature } from '../../contract/access';
import { flagsFor } from './access';

/**
 * canRead / canCreate / canUpdate / canDelete for a feature, from the enforcer the publisher layout
 * loaded once (its loader holds the screen until the policy is loaded, so `loaded` is true here).
 */
export function usePermissions(feature: Feature) {
  const { account } = useRouteContext({ from: '/publisher' });
  return { loading: false, loaded: true, ...flagsFor(account.checks, feature) };
}
