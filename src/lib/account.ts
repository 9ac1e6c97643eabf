import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Developer } from '../../contract/schemas/developer';
import { ApiError, tsr, unwrap } from './api';
import { checksFrom } from './access';
import { accountKeys } from './keys';

/** Queries every screen shares: configuration, the signed-in developer, their publisher and permissions. */
export const configQuery = queryOptions({
  queryKey: accountKeys.config,
  queryFn: async () => unwrap(await tsr.catalog.cloudUrls.query()),
  staleTime: Infinity,
});
export const signupsQuery = queryOptions({
  queryKey: accountKeys.signups,
  queryFn: async () => unwrap(await tsr.catalog.signups.query()),
});
export const accessQuery = queryOptions({
  queryKey: accountKeys.access,
  queryFn: async () => unwrap(await tsr.me.ac.query()),
  staleTime: Infinity,
});

/** 404 means "no account yet" (SPEC §8): it is an answer, not an error. */
const orNullOn404 = async <T>(call: () => Promise<T>) => {
  try {
    return await call();
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
};
export const meQuery = queryOptions({
  queryKey: accountKeys.me,
  queryFn: () => orNullOn404(async () => unwrap(await tsr.me.get.query())),
});
export const publisherQuery = queryOptions({
  queryKey: accountKeys.publisher,
  queryFn: () => orNullOn404(async () => unwrap(await tsr.publisher.get.query())),
});

/** The permission checks of the signed-in developer: the server's decisions under the one policy (`/v1/me/ac`). */
export const checksQuery = (me: Pick<Developer, '_id' | 'publisherId'> | null) =>
  queryOptions({
    queryKey: [...accountKeys.checks, me?._id ?? '', me?.publisherId ?? null],
    queryFn: async ({ client }) => checksFrom(await client.ensureQueryData(accessQuery), me?._id ?? '', me?.publisherId ?? null),
    staleTime: Infinity,
  });

/**
 * Who the user is: the developer, the publisher and what the policy lets them do, awaited before the first
 * render (three requests side by side, as soon as the SPA's code has run), so the first
 * screen renders whole — the sidebar's entries and the screen's permitted controls with it. A failed policy
 * request leaves `useChecks` null (no permission-dependent control shown); route guards await `checks`, and the
 * server refuses whatever the policy refuses either way.
 */
export async function loadAccount(queryClient: QueryClient) {
  void queryClient.prefetchQuery(accessQuery);
  const [me, publisher] = await Promise.all([queryClient.ensureQueryData(meQuery), queryClient.ensureQueryData(publisherQuery)]);
  const checks = queryClient.ensureQueryData(checksQuery(me));
  // A guard that awaits `checks` sees its failure; the screens show the query's state.
  await checks.catch(() => {});
  return { me, publisher, checks };
}
export type Account = Awaited<ReturnType<typeof loadAccount>>;

/** Staff with a system role and no publisher account: the admin console is theirs, publisher screens are not. */
export const isStaffOnly = (account: Pick<Account, 'me' | 'publisher'>) => !!account.me && account.me.systemRole !== 'user' && !account.publisher;

/** After sign-up or a profile change: drop everything that depends on who the user is, so it loads again. */
export const refreshAccount = (queryClient: QueryClient) => {
  for (const queryKey of [accountKeys.me, accountKeys.publisher, accountKeys.checks]) queryClient.removeQueries({ queryKey });
};
