import { queryOptions } from '@tanstack/react-query';
import type { ApiToken } from '../../../contract/schemas/tokens';
import { tsr, unwrap } from '../../lib/api';

export const tokensKey = ['publisher', 'tokens'] as const;

/** The publisher's API tokens, newest first (never their secrets). */
export const tokensQuery = queryOptions({
  queryKey: tokensKey,
  queryFn: async () => unwrap(await tsr.tokens.list.query()),
});

/** The publisher's apps (not bundles: a token reads apps and submits their versions), every page of them. */
export const tokenAppsQuery = queryOptions({
  queryKey: ['apps', 'for-tokens'],
  queryFn: async () => {
    const apps: { id: string; name: string }[] = [];
    for (let offset = 0; ;) {
      const page = unwrap(await tsr.apps.list.query({ query: { limit: 100, offset } }));
      apps.push(...page.data.filter((a) => !a.isBundle).map((a) => ({ id: a.appId, name: a.latest.name })));
      offset += page.data.length;
      if (page.data.length === 0 || offset >= page.meta.total) return apps;
    }
  },
});

/** Whether a token still works: not revoked, not past its expiry. */
export function tokenState(token: ApiToken, now = Date.now()): 'active' | 'revoked' | 'expired' {
  if (token.revokedAt) return 'revoked';
  return new Date(token.expiresAt).getTime() <= now ? 'expired' : 'active';
}
