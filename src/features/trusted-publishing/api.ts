import { queryOptions } from '@tanstack/react-query';
import { tsr, unwrap } from '../../lib/api';

export const trustKey = (appId: string) => ['apps', appId, 'trust'] as const;

/** The app's trusted publishers (not polled like the rest of the app's page: they change only from here). */
export const trustQuery = (appId: string) =>
  queryOptions({ queryKey: trustKey(appId), queryFn: async () => unwrap(await tsr.trust.list.query({ params: { id: appId } })) });
