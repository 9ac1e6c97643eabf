import { describe, expect, it } from 'vitest';
import { RegisterWorkspaceInput, rocketChatEnvironment, WORKSPACE_TEXT, workspaceAddress, workspaceOrigin } from './workspaces';

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
    expect(RegisterWorkspaceInput.parse({ nickname: '  Acme  ', address: ' http://10.1.2.3:3000 ' })).toEqual({
      nickname: 'Acme',
      address: 'http://10.1.2.3:3000',
    });
  });

  it.each([
    [{ nickname: '', address: 'https://a.example' }, WORKSPACE_TEXT.nicknameRequired],
    [{ nickname: 'A', address: 'javascript:alert(1)' }, WORKSPACE_TEXT.addressInvalid],
    [{ nickname: 'A', address: 'chat.acme.example' }, WORKSPACE_TEXT.addressInvalid],
    [{ nickname: 'A' }, WORKSPACE_TEXT.addressInvalid],
    [{ nickname: 'A', address: 'https://chat.example\r\nX: y' }, WORKSPACE_TEXT.addressInvalid],
    [{ nickname: 'A', address: 'https://*.example.com' }, WORKSPACE_TEXT.addressInvalid],
    [{ nickname: 'A', address: 'https://chat .example.com' }, WORKSPACE_TEXT.addressInvalid],
    [{ nickname: 'A', address: 'https://u:p@chat.example.com' }, WORKSPACE_TEXT.addressInvalid],
    [{ nickname: 'A', address: 'https://chat.example.com/?q' }, WORKSPACE_TEXT.addressInvalid],
  ])('refuses %j with its message', (input, message) => {
    const r = RegisterWorkspaceInput.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain(message);
  });
});

describe('a workspace’s address (its Rocket.Chat Site_Url)', () => {
  it('is an origin, or an origin and a sub-path, in one form', () => {
    expect(workspaceAddress('https://chat.acme.example')).toBe('https://chat.acme.example');
    expect(workspaceAddress('HTTPS://Chat.Acme.Example:443/')).toBe('https://chat.acme.example');
    expect(workspaceAddress('http://chat.acme.example:80')).toBe('http://chat.acme.example');
    expect(workspaceAddress('http://10.1.2.3:3000/')).toBe('http://10.1.2.3:3000');
    expect(workspaceAddress('https://example.com/chat/')).toBe('https://example.com/chat');
    expect(workspaceAddress('https://example.com/a/./b/../chat')).toBe('https://example.com/a/chat');
    expect(workspaceAddress('https://example.com/r%C3%A9')).toBe('https://example.com/r%C3%A9');
  });

  it.each([
    'https://chat.example\r\n',
    'https://chat.exa\r\nmple.com',
    'https://chat\t.example.com',
    'https://chat.example.com/a b',
    'https://chat.example.com/\u0000',
    'https://*.example.com',
    'https://chat.*',
    '*',
    'https://chat.example.com:*',
    'https://chat.example.com/*',
    'https://u@chat.example.com',
    'https://u:p@chat.example.com',
    'https://@chat.example.com',
    'https://chat.example.com/?',
    'https://chat.example.com?a=b',
    'https://chat.example.com#x',
    'https://chat.example.com//x',
    'https://chat.example.com\\x',
    'https://chat.example.com/<x>',
    "https://chat.example.com/'",
    'https://[::1]',
    'https://chat_1.example.com',
    'https://café.example',
    'https://chat.example.com.',
    'https://chat.example.com:0',
    'ftp://chat.example.com',
    'javascript:alert(1)',
    'chat.example.com',
    '',
    'https://',
    `https://${'a'.repeat(2100)}.example`,
  ])('refuses %j', (address) => {
    expect(workspaceAddress(address)).toBeNull();
    expect(workspaceOrigin(address)).toBeNull();
  });

  it('frames by the origin alone', () => {
    expect(workspaceOrigin('https://example.com/chat')).toBe('https://example.com');
    expect(workspaceOrigin('https://chat.example.com:8443')).toBe('https://chat.example.com:8443');
    expect(workspaceOrigin('http://10.1.2.3:3000')).toBe('http://10.1.2.3:3000');
  });
});
