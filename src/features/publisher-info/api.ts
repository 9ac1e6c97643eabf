import { queryOptions } from '@tanstack/react-query';
import { tsr, unwrap } from '../../lib/api';

export const developersQuery = queryOptions({
  queryKey: ['publisher', 'developers'],
  queryFn: async () => unwrap(await tsr.publisher.developers.query()),
});
export const addableUsersQuery = queryOptions({
  queryKey: ['publisher', 'users'],
  queryFn: async () => unwrap(await tsr.publisher.users.query()),
});
/** The balances fresh from the payment provider (the publisher's row holds the last known ones). */
export const balanceQuery = queryOptions({
  queryKey: ['publisher', 'balance'],
  queryFn: async () => unwrap(await tsr.publisher.balance.query()),
});
