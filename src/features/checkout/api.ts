import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { initClient, tsRestFetchApi, type ApiFetcherArgs } from '@ts-rest/core';
import { contractRoutes } from 'virtual:contract-routes';
import type { CheckoutOffer, CheckoutSession, OwnedPurchase } from '../../../contract/schemas/checkout';
import { unwrap } from '../../lib/api';

/** Who the checkout pages call as: the workspace Rocket.Chat put in the address, with its `marketplace:purchase` token. */
export type Buyer = { workspaceId: string; token: string };

/**
 * The checkout pages' client. Not the portal's `tsr`: these pages are not signed in to the portal — every call
 * carries the workspace's token instead, and a 401 is an answer to show (the token expired), not a sign-in.
 * The page's address holds the token: requests send no referrer.
 */
const client = initClient(contractRoutes.checkout, {
  baseUrl: '',
  jsonQuery: false,
  api: (args: ApiFetcherArgs) =>
    tsRestFetchApi({
      ...args,
      headers: { ...args.headers, 'x-requested-with': 'marketplace-portal' },
      fetchOptions: { ...args.fetchOptions, referrerPolicy: 'no-referrer' },
    }),
});

const auth = (buyer: Buyer) => ({ authorization: `Bearer ${buyer.token}` });

const appKey = (appId: string, workspaceId: string) => ['checkout', appId, workspaceId] as const;

/** The checkout pages' query keys: an app's, for one workspace, under `app` (its offer, its checkout sessions). */
export const checkoutKeys = {
  all: ['checkout'] as const,
  app: appKey,
  offer: (appId: string, workspaceId: string) => [...appKey(appId, workspaceId), 'offer'] as const,
  session: (appId: string, workspaceId: string, id: string) => [...appKey(appId, workspaceId), 'session', id] as const,
};

export const offerQuery = (appId: string, buyer: Buyer) =>
  queryOptions({
    queryKey: checkoutKeys.offer(appId, buyer.workspaceId),
    queryFn: async (): Promise<CheckoutOffer> =>
      unwrap(await client.offer({ params: { appId }, query: { workspaceId: buyer.workspaceId }, extraHeaders: auth(buyer) })),
    enabled: !!buyer.workspaceId && !!buyer.token,
    retry: false,
    staleTime: 0,
  });

/** A checkout session; polled every second while it is open (a Stripe payment completes when Stripe's event arrives). */
export const sessionQuery = (appId: string, id: string, buyer: Buyer) =>
  queryOptions({
    queryKey: checkoutKeys.session(appId, buyer.workspaceId, id),
    queryFn: async (): Promise<CheckoutSession> => unwrap(await client.session({ params: { id }, extraHeaders: auth(buyer) })),
    // A failed poll does not stop it (the last answer stays on screen); a session that never loaded shows its error.
    // Asked again while it is open, and while a voided payment is being refunded (its page says when it was).
    refetchInterval: (query) => (query.state.data?.status === 'open' ? 1000 : query.state.data?.giveBack === 'pending' ? 3000 : false),
    retry: false,
    staleTime: 0,
  });

/** Reads the offer again (what the workspace now holds, after a payment or a change): that query alone. */
export const refreshOffer = (queryClient: QueryClient, appId: string, buyer: Buyer) =>
  queryClient.invalidateQueries({ queryKey: checkoutKeys.offer(appId, buyer.workspaceId), exact: true });

export type StartInput = { planId?: string; seats?: number };

async function startCheckout(appId: string, buyer: Buyer, input: StartInput): Promise<CheckoutSession> {
  const body = { workspaceId: buyer.workspaceId, planId: input.planId ?? '', seats: input.seats ?? 0, acceptTerms: true as const };
  return unwrap(await client.start({ params: { appId }, body, extraHeaders: auth(buyer) }));
}

/** Starts a checkout session (the terms accepted); nothing is read again: the payment is made at the provider's. */
export function useStartCheckout(appId: string, buyer: Buyer) {
  return useMutation({ mutationFn: (input: StartInput) => startCheckout(appId, buyer, input) });
}

/** Changes a subscription's seats; the offer is read again before the mutation settles. */
export function useChangeSeats(appId: string, buyer: Buyer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ purchaseId, seats }: { purchaseId: string; seats: number }): Promise<OwnedPurchase> =>
      unwrap(await client.seats({ params: { id: purchaseId }, body: { workspaceId: buyer.workspaceId, seats }, extraHeaders: auth(buyer) })),
    onSuccess: () => refreshOffer(queryClient, appId, buyer),
  });
}

/** Resumes a subscription cancelled at the end of its period; the offer is read again before the mutation settles. */
export function useResumeSubscription(appId: string, buyer: Buyer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (purchaseId: string): Promise<OwnedPurchase> =>
      unwrap(await client.resume({ params: { id: purchaseId }, body: { workspaceId: buyer.workspaceId }, extraHeaders: auth(buyer) })),
    onSuccess: () => refreshOffer(queryClient, appId, buyer),
  });
}

/** Cancels a subscription at the end of its period or now; the offer is read again before the mutation settles. */
export function useCancelSubscription(appId: string, buyer: Buyer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ purchaseId, when }: { purchaseId: string; when: 'periodEnd' | 'now' }): Promise<OwnedPurchase> =>
      unwrap(await client.cancel({ params: { id: purchaseId }, body: { workspaceId: buyer.workspaceId, when }, extraHeaders: auth(buyer) })),
    onSuccess: () => refreshOffer(queryClient, appId, buyer),
  });
}
