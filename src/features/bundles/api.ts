import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorBody } from '../../../contract/common';
import { ApiError, requestHeaders, tsr, unauthorized, unwrap } from '../../lib/api';
import { appKeys, bundlesRoot } from '../../lib/keys';

/** The publisher's bundles: the list, each bundle, its apps, versions and stats (`all` refreshes every one). */
export const bundleKeys = {
  all: bundlesRoot,
  list: (page: number, size: number) => ['bundles', 'list', String(page), String(size)] as const,
  one: (id: string) => ['bundles', 'one', id] as const,
  apps: (id: string) => ['bundles', 'apps', id] as const,
  versions: (id: string) => ['bundles', 'versions', id] as const,
  /** (The stats dialog takes any app's or bundle's stats: a plain list.) */
  stats: (id: string): string[] => ['bundles', 'stats', id],
  /** The publisher's apps a new bundle may hold: under the apps, so a change to an app refreshes them. */
  ownApps: [...appKeys.all, 'for-bundle'] as const,
  /** The latest engine version (the catalog's; it does not change while the portal runs). */
  engineVersion: ['engine-version'] as const,
};

export const bundlesQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: bundleKeys.list(page, size),
    queryFn: async () => unwrap(await tsr.bundles.list.query({ query: { limit: size, offset: (page - 1) * size } })),
    placeholderData: keepPreviousData,
  });

export const bundleQuery = (id: string) =>
  queryOptions({ queryKey: bundleKeys.one(id), queryFn: async () => unwrap(await tsr.apps.get.query({ params: { id } })), retry: false });

export const bundleAppsQuery = (id: string) =>
  queryOptions({ queryKey: bundleKeys.apps(id), queryFn: async () => unwrap(await tsr.bundles.apps.query({ params: { id } })), retry: false });

export const bundleVersionsQuery = (id: string) =>
  queryOptions({ queryKey: bundleKeys.versions(id), queryFn: async () => unwrap(await tsr.apps.all.query({ params: { id } })) });

export const bundleStatsQuery = (id: string) =>
  queryOptions({ queryKey: bundleKeys.stats(id), queryFn: async () => unwrap(await tsr.apps.stats.query({ params: { id } })) });

/** The publisher's apps a bundle may hold (its own apps, not bundles): every page of its apps list. */
export const ownAppsQuery = queryOptions({
  queryKey: bundleKeys.ownApps,
  queryFn: async () => {
    const apps = [];
    for (let offset = 0; ;) {
      const page = unwrap(await tsr.apps.list.query({ query: { limit: 100, offset } }));
      apps.push(...page.data);
      offset += page.data.length;
      if (page.data.length === 0 || offset >= page.meta.total) return apps;
    }
  },
});

export const engineVersionQuery = queryOptions({
  queryKey: bundleKeys.engineVersion,
  queryFn: async () => unwrap(await tsr.catalog.engineVersion.query()),
  staleTime: Infinity,
});

/** POST /v1/publisher/bundles: the parts bundleInfo (JSON) and appIds (JSON list), as SPEC §7 has it. */
export async function publishBundle(bundleInfo: unknown, appIds: string[]): Promise<{ appId: string }> {
  const form = new FormData();
  form.append('bundleInfo', JSON.stringify(bundleInfo));
  form.append('appIds', JSON.stringify(appIds));
  const headers = Object.fromEntries(Object.entries(requestHeaders()).filter(([, v]) => v));
  let res: Response;
  try {
    res = await fetch('/v1/publisher/bundles', { method: 'POST', headers, body: form });
  } catch {
    throw new ApiError(0, { error: 'The Marketplace Server could not be reached.' });
  }
  const body = (await res.json().catch(() => null)) as unknown;
  if (res.status === 401) unauthorized();
  if (!res.ok) throw new ApiError(res.status, body && typeof body === 'object' ? (body as Partial<ErrorBody>) : null);
  return body as { appId: string };
}

/** Publishes a new bundle; the bundles are refreshed before the caller hears of it (it goes to the new bundle's page). */
export function usePublishBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bundleInfo, appIds }: { bundleInfo: unknown; appIds: string[] }) => publishBundle(bundleInfo, appIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bundleKeys.all }),
  });
}
