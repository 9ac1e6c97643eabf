import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { CheckoutSearch } from './search';

export type CheckoutPage = 'buy' | 'subscribe' | 'details';

const paths = {
  buy: '/apps/$appId/buy',
  subscribe: '/apps/$appId/subscribe',
  details: '/apps/$appId/subscribe/details',
} as const;

/** What every checkout page keeps when the buyer moves on: the workspace, its token and the choice made. */
const kept = (s: CheckoutSearch): CheckoutSearch => ({ workspaceId: s.workspaceId, token: s.token, seats: s.seats, plan: s.plan });

export type CheckoutNav = {
  /** Changes this page's search (the step, the plan, the seats, a dialog …); `undefined` removes a key. */
  setSearch: (patch: Partial<CheckoutSearch>, opts?: { replace?: boolean }) => void;
  /** Another checkout page of the app, for the same workspace and choice. */
  go: (page: CheckoutPage, patch?: Partial<CheckoutSearch>, opts?: { replace?: boolean }) => void;
};

/** The buyer's state lives in the address: refresh and the back button keep the step, plan, seats and dialog. */
export function useCheckoutNav(appId: string, page: CheckoutPage): CheckoutNav {
  const navigate = useNavigate();
  return useMemo(
    () => ({
      setSearch: (patch, opts) =>
        void navigate({ from: '/apps/$appId', to: paths[page], params: { appId }, search: (prev) => ({ ...prev, ...patch }), replace: opts?.replace }),
      go: (target, patch = {}, opts) =>
        void navigate({ from: '/apps/$appId', to: paths[target], params: { appId }, search: (prev) => ({ ...kept(prev), ...patch }), replace: opts?.replace }),
    }),
    [navigate, appId, page],
  );
}
