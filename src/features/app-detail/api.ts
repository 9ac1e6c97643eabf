import { queryOptions } from '@tanstack/react-query';
import { tsr, unwrap } from '../../lib/api';
import { appKeys } from '../../lib/keys';

/** SPEC §9: the app detail reloads every 10 seconds. */
export const APP_DETAIL_REFRESH_MS = 10_000;

const detail = { refetchInterval: APP_DETAIL_REFRESH_MS } as const;

export const appQuery = (id: string) =>
  queryOptions({ queryKey: appKeys.one(id), queryFn: async () => unwrap(await tsr.apps.get.query({ params: { id } })), ...detail });
export const versionsQuery = (id: string) =>
  queryOptions({ queryKey: appKeys.of(id, 'versions'), queryFn: async () => unwrap(await tsr.apps.all.query({ params: { id } })), ...detail });
export const jobsQuery = (id: string) =>
  queryOptions({ queryKey: appKeys.of(id, 'jobs'), queryFn: async () => unwrap(await tsr.apps.jobs.query({ params: { id } })), ...detail });
export const pricesQuery = (id: string) =>
  queryOptions({ queryKey: appKeys.of(id, 'prices'), queryFn: async () => unwrap(await tsr.apps.prices.query({ params: { id } })), ...detail });
export const statsQuery = (id: string) =>
  queryOptions({ queryKey: appKeys.of(id, 'stats'), queryFn: async () => unwrap(await tsr.apps.stats.query({ params: { id } })) });
/** What registered workspaces reported of the app (installs per day, workspaces per version). */
export const installsQuery = (id: string) =>
  queryOptions({ queryKey: appKeys.of(id, 'installs'), queryFn: async () => unwrap(await tsr.workspaceInstalls.publisherStats.query({ params: { id } })) });
export const jobQuery = (id: string, jobId: string) =>
  queryOptions({ queryKey: appKeys.of(id, 'jobs', jobId), queryFn: async () => unwrap(await tsr.apps.job.query({ params: { id, jobId } })) });
/** The publish checks' findings on a version, and where it stands in review (its place in the queue, the expected wait). */
export const findingsQuery = (id: string, versionId: string) =>
  queryOptions({
    queryKey: appKeys.of(id, 'findings', versionId),
    queryFn: async () => unwrap(await tsr.apps.findings.query({ params: { id, versionId } })),
    ...detail,
  });
/** What the version did when started in Apps-Engine (null report: not started yet, or the runtime was unavailable). */
export const runtimeQuery = (id: string, versionId: string) =>
  queryOptions({
    queryKey: appKeys.of(id, 'runtime', versionId),
    queryFn: async () => unwrap(await tsr.apps.runtime.query({ params: { id, versionId } })),
    ...detail,
  });
