import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ErrorBody } from '../../../contract/common';
import { ApiError, requestHeaders, tsr, unauthorized, unwrap } from '../../lib/api';

export const bundlesKey = { queryKey: ['bundles'] };

export const bundlesQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: [...bundlesKey.queryKey, 'list', String(page), String(size)],
    queryFn: async () => unwrap(await tsr.bundles.list.query({ query: { limit: size, offset: (page - 1) * size } })),
    placeholderData: keepPreviousData,
  });

export const bundleQuery = (id: string) =>
  queryOptions({ queryKey: [...bundlesKey.queryKey, 'one', id], queryFn: async () => unwrap(await tsr.apps.get.query({ params: { id } })), retry: false });

export const bundleAppsQuery = (id: string) =>
  queryOptions({ queryKey: [...bundlesKey.queryKey, 'apps', id], queryFn: async () => unwrap(await tsr.bundles.apps.query({ params: { id } })), retry: false });

export const bundleVersionsQuery = (id: string) =>
  queryOptions({ queryKey: [...bundlesKey.queryKey, 'versions', id], queryFn: async () => unwrap(await tsr.apps.all.query({ params: { id } })) });

/** The publisher's apps a bundle may hold (its own apps, not bundles): every page of its apps list. */
export const ownAppsQuery = queryOptions({
  queryKey: ['apps', 'for-bundle'],
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
  queryKey: ['engine-version'],
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

export const bundleStatsQuery = (id: string) =>
  queryOptions({ queryKey: [...bundlesKey.queryKey, 'stats', id], queryFn: async () => unwrap(await tsr.apps.stats.query({ params: { id } })) });
