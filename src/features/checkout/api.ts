import { queryOptions } from '@tanstack/react-query';
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

/** Every checkout query of an app (what a completed payment or a change invalidates). */
export const offerKey = (appId: string, workspaceId: string) => ['checkout', appId, workspaceId] as const;

export const offerQuery = (appId: string, buyer: Buyer) =>
  queryOptions({
    queryKey: [...offerKey(appId, buyer.workspaceId), 'offer'],
    queryFn: async (): Promise<CheckoutOffer> =>
      unwrap(await client.offer({ params: { appId }, query: { workspaceId: buyer.workspaceId }, extraHeaders: auth(buyer) })),
    enabled: !!buyer.workspaceId && !!buyer.token,
    retry: false,
    staleTime: 0,
  });

/** A checkout session; polled every second while it is open (a Stripe payment completes when Stripe's event arrives). */
export const sessionQuery = (appId: string, id: string, buyer: Buyer) =>
  queryOptions({
    queryKey: [...offerKey(appId, buyer.workspaceId), 'session', id],
    queryFn: async (): Promise<CheckoutSession> => unwrap(await client.session({ params: { id }, extraHeaders: auth(buyer) })),
    // A failed poll does not stop it (the last answer stays on screen); a session that never loaded shows its error.
    // Asked again while it is open, and while a voided payment is being refunded (its page says when it was).
    refetchInterval: (query) => (query.state.data?.status === 'open' ? 1000 : query.state.data?.giveBack === 'pending' ? 3000 : false),
    retry: false,
    staleTime: 0,
  });

export type StartInput = { planId?: string; seats?: number };

export async function startCheckout(appId: string, buyer: Buyer, input: StartInput): Promise<CheckoutSession> {
  const body = { workspaceId: buyer.workspaceId, planId: input.planId ?? '', seats: input.seats ?? 0, acceptTerms: true as const };
  return unwrap(await client.start({ params: { appId }, body, extraHeaders: auth(buyer) }));
}

export async function changeSeats(purchaseId: string, buyer: Buyer, seats: number): Promise<OwnedPurchase> {
  return unwrap(await client.seats({ params: { id: purchaseId }, body: { workspaceId: buyer.workspaceId, seats }, extraHeaders: auth(buyer) }));
}

export async function resumeSubscription(purchaseId: string, buyer: Buyer): Promise<OwnedPurchase> {
  return unwrap(await client.resume({ params: { id: purchaseId }, body: { workspaceId: buyer.workspaceId }, extraHeaders: auth(buyer) }));
}

export async function cancelSubscription(purchaseId: string, buyer: Buyer, when: 'periodEnd' | 'now'): Promise<OwnedPurchase> {
  return unwrap(await client.cancel({ params: { id: purchaseId }, body: { workspaceId: buyer.workspaceId, when }, extraHeaders: auth(buyer) }));
}
