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
