import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, NewTokenInput } from '../../../contract/schemas/tokens';
import { tsr, unwrap } from '../../lib/api';
import { accountKeys, appKeys } from '../../lib/keys';

/** The publisher's tokens (under the publisher: what refreshes the publisher refreshes them), and the apps a token may be limited to. */
export const tokenKeys = {
  all: [...accountKeys.publisher, 'tokens'] as const,
  apps: [...appKeys.all, 'for-tokens'] as const,
};

/** The publisher's API tokens, newest first (never their secrets). */
export const tokensQuery = queryOptions({
  queryKey: tokenKeys.all,
  queryFn: async () => unwrap(await tsr.tokens.list.query()),
});

/** The publisher's apps (not bundles: a token reads apps and submits their versions), every page of them. */
export const tokenAppsQuery = queryOptions({
  queryKey: tokenKeys.apps,
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

/** Create token: the new token and, this once, its secret; the list shows the token (never the secret). */
export function useCreateToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewTokenInput) => unwrap(await tsr.tokens.create.mutate({ body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

/** Revoke: the list is read again whatever the answer (a token revoked meanwhile shows as such). */
export function useRevokeToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (tokenId: string) => unwrap(await tsr.tokens.revoke.mutate({ params: { tokenId }, body: {} })),
    onSettled: () => qc.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

/** Whether a token still works: not revoked, not past its expiry. */
export function tokenState(token: ApiToken, now = Date.now()): 'active' | 'revoked' | 'expired' {
  if (token.revokedAt) return 'revoked';
  return new Date(token.expiresAt).getTime() <= now ? 'expired' : 'active';
}
