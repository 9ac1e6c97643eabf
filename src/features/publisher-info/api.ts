import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PublisherRole } from '../../../contract/access';
import type { AddUserInput } from '../../../contract/schemas/developer';
import type { PublisherUpdateInput } from '../../../contract/schemas/publisher';
import { tsr, unwrap } from '../../lib/api';
import { publisherQuery } from '../../lib/account';
import { accountKeys } from '../../lib/keys';
import { newStripeState } from './stripe-state';

/**
 * The publisher's own lists, under the publisher's key: whatever changes the publisher (its team, its payment
 * account) refreshes them with it.
 */
export const publisherInfoKeys = {
  developers: [...accountKeys.publisher, 'developers'] as const,
  users: [...accountKeys.publisher, 'users'] as const,
  balance: [...accountKeys.publisher, 'balance'] as const,
};

export const developersQuery = queryOptions({
  queryKey: publisherInfoKeys.developers,
  queryFn: async () => unwrap(await tsr.publisher.developers.query()),
});
export const addableUsersQuery = queryOptions({
  queryKey: publisherInfoKeys.users,
  queryFn: async () => unwrap(await tsr.publisher.users.query()),
});
/** The balances fresh from the payment provider (the publisher's row holds the last known ones). */
export const balanceQuery = queryOptions({
  queryKey: publisherInfoKeys.balance,
  queryFn: async () => unwrap(await tsr.publisher.balance.query()),
});

/** The publisher's details: the saved publisher replaces the one every screen reads. */
export function useUpdatePublisher() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof PublisherUpdateInput>) => unwrap(await tsr.publisher.update.mutate({ body })),
    onSuccess: (saved) => qc.setQueryData(publisherQuery.queryKey, saved),
  });
}

/** Add User (SPEC §5): the team is the publisher's. */
export function useAddUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.output<typeof AddUserInput>) => unwrap(await tsr.publisher.addUser.mutate({ body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.publisher }),
  });
}

/** Change Role: the publisher's team, and who the user is and what they may do (their own role may be the one changed). */
export function useChangeRole(developerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (role: PublisherRole) => unwrap(await tsr.publisher.setDeveloperRole.mutate({ params: { developerId }, body: { developerId, role } })),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: accountKeys.publisher });
      await qc.invalidateQueries({ queryKey: accountKeys.me });
      await qc.invalidateQueries({ queryKey: accountKeys.checks });
    },
  });
}

export function useRemoveDeveloper() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (developerId: string) => unwrap(await tsr.publisher.removeDeveloper.mutate({ params: { developerId }, body: {} })),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.publisher }),
  });
}

/** Connect Stripe: the provider's onboarding address, with a new single-use state kept in this browser. */
export function useStripeConnectUrl() {
  return useMutation({ mutationFn: async () => unwrap(await tsr.oauth.stripeUrl.query({ query: { state: newStripeState() } })) });
}

/** Stripe Dashboard: the connected account's dashboard address. */
export function useStripeDashboardUrl() {
  return useMutation({ mutationFn: async () => unwrap(await tsr.publisher.stripeDashboard.query()) });
}

/** The provider's return: the code completes the connection, and the publisher (its payment account) loads again. */
export function useCompleteStripeConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { code: string; state: string }) => unwrap(await tsr.oauth.stripeConnect.mutate({ body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.publisher }),
  });
}
