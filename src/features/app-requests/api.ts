import { queryOptions } from '@tanstack/react-query';
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

/** The app as the marketplace lists it (its newest published version), read anonymously. */
export const listedAppQuery = (appId: string) =>
  queryOptions({
    queryKey: ['app-requests', 'listed', appId],
    queryFn: async (): Promise<MarketplaceInfo> => unwrap(await catalog.latest({ params: { id: appId }, query: {} })),
    retry: false,
    staleTime: 60_000,
  });

/** One published version of the app (its `requiredApiVersion`), read anonymously; null when there is no such version. */
export const listedVersionQuery = (appId: string, version: string) =>
  queryOptions({
    queryKey: ['app-requests', 'version', appId, version],
    queryFn: async (): Promise<MarketplaceInfo | null> => {
      const res = await catalog.app({ params: { id: appId }, query: { appVersion: version } });
      if (res.status === 404) return null;
      const body = unwrap(res);
      const [info] = body as MarketplaceInfo[];
      return info && 'requiredApiVersion' in info ? info : null;
    },
    retry: false,
    staleTime: 60_000,
  });

export async function createAppRequest(input: CreateAppRequestInput): Promise<AppRequest> {
  return unwrap(await requests.create({ body: input }));
}
