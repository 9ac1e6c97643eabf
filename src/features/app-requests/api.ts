import { queryOptions, useMutation } from '@tanstack/react-query';
import { initClient, tsRestFetchApi, type ApiFetcherArgs } from '@ts-rest/core';
import { contractRoutes } from 'virtual:contract-routes';
import type { AppRequest, CreateAppRequestInput } from '../../../contract/schemas/app-requests';
import type { MarketplaceInfo } from '../../../contract/schemas/marketplace';
import { unwrap } from '../../lib/api';

/**
 * These pages' client. Not the portal's `tsr`: they are not signed in to the portal (the catalog refuses a
 * portal session as a workspace token), and the request is public. The page's address names people: requests
 * send no referrer.
 */
const api = (args: ApiFetcherArgs) =>
  tsRestFetchApi({
    ...args,
    headers: { ...args.headers, 'x-requested-with': 'marketplace-portal' },
    fetchOptions: { ...args.fetchOptions, referrerPolicy: 'no-referrer' },
  });
const requests = initClient(contractRoutes.appRequests, { baseUrl: '', jsonQuery: false, api });
const catalog = initClient(contractRoutes.marketplace, { baseUrl: '', jsonQuery: false, api });

/** These pages' query keys. */
export const appRequestKeys = {
  all: ['app-requests'] as const,
  listed: (appId: string) => ['app-requests', 'listed', appId] as const,
  version: (appId: string, version: string) => ['app-requests', 'version', appId, version] as const,
};

/**
 * The app as the marketplace lists it (its newest published version), read anonymously. Its route starts the
 * request (never awaited); a failure is not asked again when the page mounts: the page shows it, as without the
 * route's head start.
 */
export const listedAppQuery = (appId: string) =>
  queryOptions({
    queryKey: appRequestKeys.listed(appId),
    queryFn: async (): Promise<MarketplaceInfo> => unwrap(await catalog.latest({ params: { id: appId }, query: {} })),
    retry: false,
    retryOnMount: false,
    staleTime: 60_000,
  });

/**
 * One published version of the app (its `requiredApiVersion`), read anonymously; null when there is no such version.
 * Started by its route, as `listedAppQuery`.
 */
export const listedVersionQuery = (appId: string, version: string) =>
  queryOptions({
    queryKey: appRequestKeys.version(appId, version),
    queryFn: async (): Promise<MarketplaceInfo | null> => {
      const res = await catalog.app({ params: { id: appId }, query: { appVersion: version } });
      if (res.status === 404) return null;
      const body = unwrap(res);
      const [info] = body as MarketplaceInfo[];
      return info && 'requiredApiVersion' in info ? info : null;
    },
    retry: false,
    retryOnMount: false,
    staleTime: 60_000,
  });

/** Makes the request (`POST /v1/app-request`); nothing on these pages is read again. */
export function useCreateAppRequest() {
  return useMutation({ mutationFn: async (input: CreateAppRequestInput): Promise<AppRequest> => unwrap(await requests.create({ body: input })) });
}
