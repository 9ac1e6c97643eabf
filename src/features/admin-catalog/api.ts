import { queryOptions } from '@tanstack/react-query';
import { tsr, unwrap } from '../../lib/api';

export const adminCategoriesQuery = queryOptions({
  queryKey: ['admin', 'categories'],
  queryFn: async () => unwrap(await tsr.admin.categories.list.query()),
});
export const featuredQuery = queryOptions({
  queryKey: ['admin', 'featured'],
  queryFn: async () => unwrap(await tsr.admin.featured.list.query()),
});
export const featureCandidatesQuery = (q: string) =>
  queryOptions({
    queryKey: ['admin', 'featured', 'apps', q],
    queryFn: async () => unwrap(await tsr.admin.featured.apps.query({ query: { q: q || undefined } })),
  });
