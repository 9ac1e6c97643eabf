import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CategoryInput, FeaturedInput } from '../../../contract/schemas/catalog';
import { tsr, unwrap } from '../../lib/api';
import { categoriesQuery } from '../../lib/catalog';

/** The curation screens' keys: the categories, and the featured sections (with the apps the drawer offers under them). */
export const catalogKeys = {
  categories: ['admin', 'categories'] as const,
  /** The sections, and under them the apps the 'Mark App As Featured' drawer finds. */
  featured: ['admin', 'featured'] as const,
  candidates: (q: string) => ['admin', 'featured', 'apps', q] as const,
};

export const adminCategoriesQuery = queryOptions({
  queryKey: catalogKeys.categories,
  queryFn: async () => unwrap(await tsr.admin.categories.list.query()),
});
export const featuredQuery = queryOptions({
  queryKey: catalogKeys.featured,
  queryFn: async () => unwrap(await tsr.admin.featured.list.query()),
});
export const featureCandidatesQuery = (q: string) =>
  queryOptions({
    queryKey: catalogKeys.candidates(q),
    queryFn: async () => unwrap(await tsr.admin.featured.apps.query({ query: { q: q || undefined } })),
  });

/** Creates a category; staff's list and the categories publishers pick from (the wizard, the bundle form) reload. */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.output<typeof CategoryInput>) => unwrap(await tsr.admin.categories.create.mutate({ body })),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: catalogKeys.categories }), queryClient.invalidateQueries({ queryKey: categoriesQuery.queryKey })]),
  });
}

/** Features an app in a section; the answer is every section as it now stands. */
export function useMakeFeatured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.output<typeof FeaturedInput>) => unwrap(await tsr.admin.featured.create.mutate({ body })),
    onSuccess: (sections) => queryClient.setQueryData(featuredQuery.queryKey, sections),
  });
}

/** Takes an app out of a featured section; the sections reload. */
export function useRemoveFeatured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { slug: string; appId: string }) =>
      unwrap(await tsr.admin.featured.remove.mutate({ params: { type: v.slug, id: v.appId }, body: {} })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.featured }),
  });
}
