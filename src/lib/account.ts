import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError, tsr, unwrap } from './api';
import { loadChecks } from './access';

/** Queries every screen shares: configuration, the signed-in developer, their publisher and permissions. */
export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: async () => unwrap(await tsr.catalog.cloudUrls.query()),
  staleTime: Infinity,
});
export const signupsQuery = queryOptions({
  queryKey: ['signups'],
  queryFn: async () => unwrap(await tsr.catalog.signups.query()),
});
export const accessQuery = queryOptions({
  queryKey: ['me', 'ac'],
  queryFn: async () => unwrap(await tsr.me.ac.query()),
  staleTime: Infinity,
});

/** 404 means "no account yet" (SPEC §8): it is an answer, not an error. */
const orNullOn404 = async <T,>(call: () => Promise<T>) => {
  try {
    return await call();
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
};
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: () => orNullOn404(async () => unwrap(await tsr.me.get.query())),
});
export const publisherQuery = queryOptions({
  queryKey: ['publisher'],
  queryFn: () => orNullOn404(async () => unwrap(await tsr.publisher.get.query())),
});

export async function loadAccount(queryClient: QueryClient) {
  const [ac, me, publisher] = await Promise.all([
    queryClient.ensureQueryData(accessQuery),
    queryClient.ensureQueryData(meQuery),
    queryClient.ensureQueryData(publisherQuery),
  ]);
  const developerId = me?._id ?? '';
  const publisherId = me?.publisherId ?? null;
  const checks = await queryClient.ensureQueryData({
    queryKey: ['checks', developerId, publisherId, ac.roles],
    queryFn: () => loadChecks(ac, developerId, publisherId),
    staleTime: Infinity,
  });
  return { me, publisher, checks };
}
export type Account = Awaited<ReturnType<typeof loadAccount>>;

/** Staff with a system role and no publisher account: the admin console is theirs, publisher screens are not. */
export const isStaffOnly = (account: Pick<Account, 'me' | 'publisher'>) => !!account.me && account.me.systemRole !== 'user' && !account.publisher;

/** After sign-up or a profile change: drop everything that depends on who the user is, so it loads again. */
export const refreshAccount = (queryClient: QueryClient) => {
  for (const key of ['me', 'publisher', 'checks']) queryClient.removeQueries({ queryKey: [key] });
};
