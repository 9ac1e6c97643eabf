import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { Feature } from '../../contract/access';
import { flagsFor, type Checks } from './access';
import { checksQuery } from './account';

/** The signed-in developer's permission checks, or null while the policy is still loading. */
export function useChecks(): Checks | null {
  const { account } = useRouteContext({ from: '/publisher' });
  return useQuery(checksQuery(account.me)).data ?? null;
}

/**
 * canRead / canCreate / canUpdate / canDelete for a feature; all false while the policy is `loading`, so a
 * control that needs a permission appears when it is known.
 */
export function usePermissions(feature: Feature) {
  const checks = useChecks();
  return { loading: !checks, ...flagsFor(checks, feature) };
}
