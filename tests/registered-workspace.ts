import { expect } from 'vitest';
import type { TestServer } from './harness';

export type RegisteredWorkspace = { id: string; publicKey: string; token: (scope: string, redirectUri?: string) => Promise<string> };

/**
 * A Rocket.Chat workspace registered by staff (`POST /v1/admin/workspaces`, as `admin`; at `address`, else one made of its
 * nickname), and its tokens for any scope from `/api/oauth/token`'s client_credentials grant, as Rocket.Chat's server asks for them.
 */
export async function registerWorkspace(
  s: TestServer,
  admin: string,
  nickname: string,
  address = `https://${nickname.toLowerCase().replace(/\W+/g, '-')}.example`,
): Promise<RegisteredWorkspace> {
  const reg = await s.request('POST', '/v1/admin/workspaces', { token: admin, body: { nickname, address } });
  expect(reg.status, reg.text).toBe(201);
  const { clientId, clientSecret, workspace, publicKey } = reg.json as { clientId: string; clientSecret: string; workspace: { id: string }; publicKey: string };
  const token = async (scope: string, redirectUri?: string) => {
    const res = await fetch(`${s.base}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: clientId,
        client_secret: clientSecret,
        scope,
        grant_type: 'client_credentials',
        ...(redirectUri ? { redirect_uri: redirectUri } : {}),
      }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  return { id: workspace.id, publicKey, token };
}
