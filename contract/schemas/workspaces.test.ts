import { describe, expect, it } from 'vitest';
import { RegisterWorkspaceInput, rocketChatEnvironment, WORKSPACE_TEXT } from './workspaces';

describe('the environment that points Rocket.Chat at the portal', () => {
  it('names the portal for its Marketplace calls and its token endpoint, then the workspace and its client', () => {
    const publicKey = '-----BEGIN PUBLIC KEY-----\nMIIBIjAN\nBgkqhkiG\n-----END PUBLIC KEY-----\n';
    expect(rocketChatEnvironment({ portalUrl: 'https://portal.example', workspaceId: 'w1', clientId: 'c1', clientSecret: 'rcws_s', publicKey })).toBe(
      [
        'OVERWRITE_INTERNAL_MARKETPLACE_URL=https://portal.example',
        'OVERWRITE_SETTING_Cloud_Url=https://portal.example',
        'OVERWRITE_SETTING_Cloud_Workspace_Id=w1',
        'OVERWRITE_SETTING_Cloud_Workspace_Client_Id=c1',
        'OVERWRITE_SETTING_Cloud_Workspace_Client_Secret=rcws_s',
        // The licence key's public half, its body on one line (what OpenSSL reads), line breaks as \n.
        'OVERWRITE_SETTING_Cloud_Workspace_PublicKey="-----BEGIN PUBLIC KEY-----\\nMIIBIjANBgkqhkiG\\n-----END PUBLIC KEY-----"',
      ].join('\n'),
    );
  });

  it('drops trailing slashes (Rocket.Chat appends `/v1/…` and `/api/oauth/token` as they are) and keeps a sub-path', () => {
    const env = rocketChatEnvironment({ portalUrl: 'https://host.example/portal//', workspaceId: 'w', clientId: 'c', clientSecret: 's', publicKey: 'k' });
    expect(env).toContain('OVERWRITE_INTERNAL_MARKETPLACE_URL=https://host.example/portal\n');
    expect(env).toContain('OVERWRITE_SETTING_Cloud_Url=https://host.example/portal\n');
  });
});

describe('registering a workspace', () => {
  it('takes a nickname and an http(s) address, trimmed', () => {
    expect(RegisterWorkspaceInput.parse({ nickname: '  Acme  ', address: ' http://10.1.2.3:3000 ' })).toEqual({ nickname: 'Acme', address: 'http://10.1.2.3:3000' });
  });

  it.each([
    [{ nickname: '', address: 'https://a.example' }, WORKSPACE_TEXT.nicknameRequired],
    [{ nickname: 'A', address: 'javascript:alert(1)' }, WORKSPACE_TEXT.addressInvalid],
    [{ nickname: 'A', address: 'chat.acme.example' }, WORKSPACE_TEXT.addressInvalid],
    [{ nickname: 'A' }, WORKSPACE_TEXT.addressInvalid],
  ])('refuses %j with its message', (input, message) => {
    const r = RegisterWorkspaceInput.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain(message);
  });
});
