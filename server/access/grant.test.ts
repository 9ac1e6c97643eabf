import { describe, expect, it } from 'vitest';
import { can, canOn, forTokens, open, session, type TokenAbility } from '../../contract/access';
import { appOfRow, checkGrant, SESSION_GRANT, type Grant } from './grant';

const read = forTokens('read', canOn('app', 'app', 'read'));
const submitNew = forTokens('submit', can('app', 'create'));
const submitVersion = forTokens('submit', canOn('app', 'app', 'update'));
const teamChange = can('developer', 'update');
const token = (abilities: TokenAbility[], apps: 'all' | string[] = 'all'): Grant => ({
  via: 'apiToken',
  tokenId: 't1',
  abilities,
  apps,
});
const refusal = (f: () => void) => {
  try {
    f();
    return null;
  } catch (e) {
    return { status: (e as { statusCode: number }).statusCode, code: (e as { code: string }).code };
  }
};

describe('what a credential may do beyond its holder’s roles', () => {
  it('lets a browser session through every rule (its roles decide)', () => {
    for (const rule of [read, submitNew, teamChange, session, open]) expect(refusal(() => checkGrant(SESSION_GRANT, rule, undefined))).toBeNull();
  });

  it('lets a token through only the routes that name an ability it holds', () => {
    expect(refusal(() => checkGrant(token(['read']), read, 'a'))).toBeNull();
    expect(refusal(() => checkGrant(token(['read']), submitVersion, 'a'))).toEqual({ status: 403, code: 'token_scope' });
    expect(refusal(() => checkGrant(token(['submit']), read, 'a'))).toEqual({ status: 403, code: 'token_scope' });
    expect(refusal(() => checkGrant(token(['read', 'submit']), teamChange, undefined))).toEqual({ status: 403, code: 'token_scope' });
    expect(refusal(() => checkGrant(token(['read', 'submit']), session, undefined))).toEqual({ status: 403, code: 'token_scope' });
  });

  it('keeps a token of chosen apps to routes that name one of them: no other app, no list, no new app', () => {
    const mine = token(['read', 'submit'], ['a']);
    expect(refusal(() => checkGrant(mine, submitVersion, 'a'))).toBeNull();
    expect(refusal(() => checkGrant(mine, submitVersion, 'b'))).toEqual({ status: 403, code: 'token_scope' });
    expect(refusal(() => checkGrant(mine, forTokens('read', can('app', 'read')), undefined))).toEqual({ status: 403, code: 'token_scope' });
    expect(refusal(() => checkGrant(mine, submitNew, undefined))).toEqual({ status: 403, code: 'token_scope' });
  });

  it('finds the app of the row a path names', () => {
    expect(appOfRow('app', { id: 'a' })).toBe('a');
    expect(appOfRow('compileJob', { app: { id: 'a' }, job: {} })).toBe('a');
    expect(appOfRow('webhook', { id: 'w' })).toBeUndefined();
    expect(appOfRow(undefined, { id: 'a' })).toBeUndefined();
  });
});
