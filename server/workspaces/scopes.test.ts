import { describe, expect, it } from 'vitest';
import { grantScope, ROCKET_CHAT_DEFAULT_SCOPES, WORKSPACE_SCOPES } from './scopes';

describe('the scope a workspace is granted', () => {
  it('is Rocket.Chat’s default list, exactly as it sends it', () => {
    const asked =
      'workspace:license:read workspace:client:write workspace:stats:write workspace:push:send marketplace:read marketplace:download fedhub:register';
    expect(ROCKET_CHAT_DEFAULT_SCOPES.join(' ')).toBe(asked);
    expect(grantScope(asked)).toEqual({ scope: asked });
  });

  it('echoes what was asked, order and spacing kept (Rocket.Chat caches its tokens by it)', () => {
    expect(grantScope('marketplace:download')).toEqual({ scope: 'marketplace:download' });
    expect(grantScope('marketplace:purchase')).toEqual({ scope: 'marketplace:purchase' });
    expect(grantScope('marketplace:download marketplace:read')).toEqual({ scope: 'marketplace:download marketplace:read' });
    expect(grantScope(' marketplace:read  marketplace:read ')).toEqual({ scope: ' marketplace:read  marketplace:read ' });
  });

  it('is the default list when none is asked', () => {
    expect(grantScope(undefined)).toEqual({ scope: ROCKET_CHAT_DEFAULT_SCOPES.join(' ') });
    expect(grantScope('  ')).toEqual({ scope: ROCKET_CHAT_DEFAULT_SCOPES.join(' ') });
  });

  it('names the scopes a workspace may not have, once each', () => {
    expect(grantScope('marketplace:read admin openid admin')).toEqual({ unknown: ['admin', 'openid'] });
    expect(grantScope('marketplace:app-submit')).toEqual({ unknown: ['marketplace:app-submit'] });
    expect(grantScope('Marketplace:Read')).toEqual({ unknown: ['Marketplace:Read'] });
    expect(WORKSPACE_SCOPES).toContain('marketplace:purchase');
  });
});
