import { queryOptions } from '@tanstack/react-query';
import { tsr, unwrap } from '../../lib/api';

export const emailTemplatesQuery = queryOptions({
  queryKey: ['admin', 'emailTemplates'],
  queryFn: async () => unwrap(await tsr.admin.emails.list.query()),
});
