import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { tsr, unwrap } from '../../lib/api';

const key = (...rest: (string | number)[]) => ['admin', 'publishers', ...rest.map(String)];

export const adminPublishersQuery = (page: number, size: number, q: string) =>
  queryOptions({
    queryKey: key('list', page, size, q),
    queryFn: async () => unwrap(await tsr.admin.publishers.list.query({ query: { limit: size, offset: (page - 1) * size, q: q || undefined } })),
    placeholderData: keepPreviousData,
  });
export const adminPublisherQuery = (id: string) =>
  queryOptions({ queryKey: key(id), queryFn: async () => unwrap(await tsr.admin.publishers.get.query({ params: { id } })) });
export const publisherAppsQuery = (id: string) =>
  queryOptions({ queryKey: key(id, 'apps'), queryFn: async () => unwrap(await tsr.admin.publishers.apps.query({ params: { id } })) });
export const publisherBundlesQuery = (id: string) =>
  queryOptions({ queryKey: key(id, 'bundles'), queryFn: async () => unwrap(await tsr.admin.publishers.bundles.query({ params: { id } })) });
export const publisherDevelopersQuery = (id: string) =>
  queryOptions({ queryKey: key(id, 'developers'), queryFn: async () => unwrap(await tsr.admin.publishers.developers.query({ params: { id } })) });
export const ACTIVITY_PAGE_SIZE = 10;
export const publisherActivityQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: key(id, 'activity', page),
    queryFn: async () =>
      unwrap(await tsr.admin.publishers.activity.query({ params: { id }, query: { limit: ACTIVITY_PAGE_SIZE, offset: (page - 1) * ACTIVITY_PAGE_SIZE } })),
    placeholderData: keepPreviousData,
  });
export const layoutsQuery = queryOptions({
  queryKey: ['admin', 'emailTemplates'],
  queryFn: async () => unwrap(await tsr.admin.emails.list.query()),
});
/** Every list and detail of one publisher (after an edit). */
export const publisherKeys = (id: string) => ({ queryKey: key(id) });
export const listKeys = { queryKey: key('list') };
