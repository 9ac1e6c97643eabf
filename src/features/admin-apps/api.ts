import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminActionInput } from '../../../contract/schemas/app';
import { tsr, unwrap } from '../../lib/api';

/** SPEC §9: the app detail reloads every 10 seconds (the staff detail too); usage and logs page by 5. */
const REFRESH_MS = 10_000;
export const LOG_PAGE_SIZE = 5;
const detail = { refetchInterval: REFRESH_MS } as const;

/** Staff's keys of apps and bundles: an app's (or bundle's) detail and everything shown on its page are under `one(id)`. */
export const adminAppKeys = {
  /** Every app's page, and the apps list: what a staff change reloads. */
  all: ['admin', 'apps'] as const,
  list: (page: number, size: number, q: string): string[] => ['admin', 'apps', 'list', String(page), String(size), q],
  bundles: (page: number, size: number, q: string): string[] => ['admin', 'bundles', 'list', String(page), String(size), q],
  one: (id: string) => ['admin', 'apps', id] as const,
  /** A part of an app's page (its versions, jobs, activity, a diff…), and what follows it. */
  of: (id: string, ...rest: (string | number)[]) => ['admin', 'apps', id, ...rest.map(String)],
};

export const adminAppsQuery = (page: number, size: number, q: string) =>
  queryOptions({
    queryKey: adminAppKeys.list(page, size, q),
    queryFn: async () => unwrap(await tsr.admin.apps.list.query({ query: { limit: size, offset: (page - 1) * size, q: q || undefined } })),
    placeholderData: keepPreviousData,
  });
export const adminBundlesQuery = (page: number, size: number, q: string) =>
  queryOptions({
    queryKey: adminAppKeys.bundles(page, size, q),
    queryFn: async () => unwrap(await tsr.admin.bundles.list.query({ query: { limit: size, offset: (page - 1) * size, q: q || undefined } })),
    placeholderData: keepPreviousData,
  });
export const adminBundleAppsQuery = (id: string) =>
  queryOptions({
    queryKey: adminAppKeys.of(id, 'bundled-apps'),
    queryFn: async () => unwrap(await tsr.admin.bundles.apps.query({ params: { id } })),
    ...detail,
  });
export const adminAppQuery = (id: string) =>
  queryOptions({ queryKey: adminAppKeys.one(id), queryFn: async () => unwrap(await tsr.admin.apps.get.query({ params: { id } })), ...detail });
export const adminVersionsQuery = (id: string) =>
  queryOptions({ queryKey: adminAppKeys.of(id, 'versions'), queryFn: async () => unwrap(await tsr.admin.apps.all.query({ params: { id } })), ...detail });
export const adminJobsQuery = (id: string) =>
  queryOptions({ queryKey: adminAppKeys.of(id, 'jobs'), queryFn: async () => unwrap(await tsr.admin.apps.jobs.query({ params: { id } })), ...detail });
export const adminPricesQuery = (id: string) =>
  queryOptions({ queryKey: adminAppKeys.of(id, 'prices'), queryFn: async () => unwrap(await tsr.admin.apps.prices.query({ params: { id } })), ...detail });
export const adminStatsQuery = (id: string) =>
  queryOptions({ queryKey: adminAppKeys.of(id, 'stats'), queryFn: async () => unwrap(await tsr.admin.apps.stats.query({ params: { id } })) });
export const adminInstallsQuery = (id: string) =>
  queryOptions({ queryKey: adminAppKeys.of(id, 'installs'), queryFn: async () => unwrap(await tsr.workspaceInstalls.adminStats.query({ params: { id } })) });
export const adminJobQuery = (id: string, jobId: string) =>
  queryOptions({ queryKey: adminAppKeys.of(id, 'jobs', jobId), queryFn: async () => unwrap(await tsr.admin.apps.job.query({ params: { id, jobId } })) });
export const usageQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: adminAppKeys.of(id, 'usage', page),
    queryFn: async () => unwrap(await tsr.admin.apps.usage.query({ params: { id }, query: { limit: LOG_PAGE_SIZE, offset: LOG_PAGE_SIZE * (page - 1) } })),
    placeholderData: keepPreviousData,
    ...detail,
  });
export const activityQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: adminAppKeys.of(id, 'activity', page),
    queryFn: async () =>
      unwrap(await tsr.admin.apps.activityLogs.query({ params: { id }, query: { limit: LOG_PAGE_SIZE, offset: LOG_PAGE_SIZE * (page - 1) } })),
    placeholderData: keepPreviousData,
    ...detail,
  });

/**
 * The pair of versions to compare and the page of files (the URL's `diffFrom`, `diffTo`, `diffAfter`, `diffLimit`); unset is
 * the API's default. `cite`: the diff lines picked to cite in a rejection or review note, as the address has them (the
 * route does not validate them): read them with ./cite.ts's citedLines.
 */
export type DiffSearch = { diffFrom?: string; diffTo?: string; diffAfter?: string; diffLimit?: number; cite?: unknown };

/**
 * A short mark of the app's versions as the versions query last saw them (each one's id, status and last change):
 * the diff's key carries it, so a new upload, an approval (the default `from`) or an edit of a version's listing
 * asks again, while the diff itself is not polled (it reads both packages).
 */
export function versionsStamp(versions: readonly { id: string; status: string; modifiedDate: string }[]) {
  let h = 5381;
  for (const c of versions.map((v) => `${v.id}:${v.status}:${v.modifiedDate}`).join(',')) h = ((h * 33) ^ c.charCodeAt(0)) >>> 0;
  return `${versions.length}-${h.toString(36)}`;
}

/** GET /admin/app/{id}/diff: what changed from one version to another (default: since the last approved one), a page of files. */
export const adminDiffQuery = (id: string, s: DiffSearch, stamp: string) =>
  queryOptions({
    queryKey: adminAppKeys.of(id, 'diff', s.diffFrom ?? '', s.diffTo ?? '', s.diffAfter ?? '', s.diffLimit ?? '', stamp),
    queryFn: async () =>
      unwrap(await tsr.admin.apps.diff.query({ params: { id }, query: { from: s.diffFrom, to: s.diffTo, after: s.diffAfter, limit: s.diffLimit } })),
    // While another pair or page loads, the last answer stays (not another app's).
    placeholderData: (previous, query) => (query?.queryKey[2] === id ? previous : undefined),
    // The key names the versions as they stand (the stamp): an answer never goes stale, so picking lines to cite (a
    // navigation, which runs the loader again) does not read both packages again.
    staleTime: Infinity,
  });

/** The publish checks' findings on a version (docs/packages-and-review.md, Publish checks), with the severities staff configured. */
/** The screenshots of a version as its publisher placed them (what the reviewer judges beside the findings). */
export const adminScreenshotsQuery = (id: string, versionId: string) =>
  queryOptions({
    queryKey: adminAppKeys.of(id, 'screenshots', versionId),
    queryFn: async () => unwrap(await tsr.admin.reviews.screenshots.query({ params: { id, versionId } })),
    ...detail,
  });
export const adminFindingsQuery = (id: string, versionId: string) =>
  queryOptions({
    queryKey: adminAppKeys.of(id, 'findings', versionId),
    queryFn: async () => unwrap(await tsr.admin.reviews.findings.query({ params: { id, versionId } })),
    ...detail,
  });

/** What the version did when started in Apps-Engine (docs/packages-and-review.md, Runtime evidence); a null report: not started yet. */
export const adminRuntimeQuery = (id: string, versionId: string) =>
  queryOptions({
    queryKey: adminAppKeys.of(id, 'runtime', versionId),
    queryFn: async () => unwrap(await tsr.admin.reviews.runtime.query({ params: { id, versionId } })),
    ...detail,
  });

/**
 * The admin app screen's loader: the app, its versions, jobs and prices in the cache before it shows. The comparison
 * of versions is asked for at once but not awaited (it reads two packages): the page shows while it loads.
 */
export async function loadAdminApp(queryClient: QueryClient, id: string, search: DiffSearch) {
  const rest = Promise.all([queryClient.ensureQueryData(adminJobsQuery(id)), queryClient.ensureQueryData(adminPricesQuery(id))]);
  const [app, versions] = await Promise.all([queryClient.ensureQueryData(adminAppQuery(id)), queryClient.ensureQueryData(adminVersionsQuery(id))]);
  const chosen = search.diffFrom || search.diffTo || search.diffAfter;
  if (!app.isBundle && (versions.length > 1 || chosen)) void queryClient.prefetchQuery(adminDiffQuery(id, search, versionsStamp(versions)));
  await rest;
}

/** A staff change; the app's queries reload afterwards, whatever the outcome. */
const useRefreshing = <A, R>(fn: (args: A) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: adminAppKeys.all }) });
};

/** POST /admin/app/{id}/version/{versionId}/{action}. */
export function useVersionAction(appId: string) {
  return useRefreshing(async ({ versionId, ...body }: z.infer<typeof AdminActionInput> & { versionId: string }) =>
    unwrap(await tsr.admin.apps.versionAction.mutate({ params: { id: appId, versionId, action: body.action }, body })),
  );
}

/** Make premium-only / usage-based (irreversible). */
export function useMakePremiumOnly(appId: string) {
  return useRefreshing(async (addonTierId: string) =>
    unwrap(await tsr.admin.apps.enterpriseOnly.mutate({ params: { id: appId }, body: { enterpriseOnly: true, addonTierId } })),
  );
}
export function useMakeUsageBased(appId: string) {
  return useRefreshing(async (priceOverride: number | undefined) =>
    unwrap(await tsr.admin.apps.usageBased.mutate({ params: { id: appId }, body: { priceOverride } })),
  );
}

/** SPEC §7 admin download: a secret, then the version's link (source or compiled), opened in a new tab. */
/** A download link; making it is logged as the app's activity, so the activity log reloads. */
export function useDownloadLink(appId: string) {
  const queryClient = useQueryClient();
  return async (versionId: string, compiled: boolean) => {
    try {
      return await downloadLink(versionId, compiled);
    } finally {
      void queryClient.invalidateQueries({ queryKey: adminAppKeys.of(appId, 'activity') });
    }
  };
}

async function downloadLink(versionId: string, compiled: boolean) {
  const { secret } = unwrap(await tsr.admin.apps.secret.query());
  const { url } = unwrap(await tsr.admin.apps.download.query({ params: { id: versionId }, query: { secret, compiled: compiled ? 'true' : undefined } }));
  return url;
}
