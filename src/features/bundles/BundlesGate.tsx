import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { BUNDLE_TEXT as T } from '../../../contract/schemas/bundle';
import { PageLoader } from '../../components/PageLoader';
import { configQuery } from '../../lib/account';
import { toast } from '../../lib/toast';
import { useQuery } from '@tanstack/react-query';

/** SPEC §6: without canCreateBundles, 'Bundle Creation not Available' (with the support contact) and back to the apps. */
export function BundlesGate({ children }: { children: ReactNode }) {
  const { account } = useRouteContext({ from: '/publisher' });
  const navigate = useNavigate();
  const support = useQuery(configQuery).data?.supportEmail;
  const allowed = !!account.publisher?.canCreateBundles;
  useEffect(() => {
    if (allowed || support === undefined) return;
    toast.error(`${T.notAvailable} (${support})`, T.notAvailableTitle);
    void navigate({ to: '/publisher/apps', replace: true });
  }, [allowed, support, navigate]);
  return allowed ? <>{children}</> : <PageLoader label="Checking your access…" />;
}
