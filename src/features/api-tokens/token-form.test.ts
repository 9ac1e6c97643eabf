import { describe, expect, it } from 'vitest';
import { TOKEN_TEXT as T } from '../../../contract/schemas/tokens';
import { tokenState } from './api';
import { emptyTokenForm, tokenBody, tokenProblems } from './token-form';

describe('the Create token form', () => {
  it('starts with all apps and 90 days, and names every missing choice with the contract’s messages', () => {
    expect(tokenBody(emptyTokenForm)).toEqual({ name: '', abilities: [], appIds: null, expiresInDays: 90 });
    expect(tokenProblems(emptyTokenForm)).toEqual({ name: T.nameRequired, abilities: T.abilitiesRequired });
    expect(tokenProblems({ ...emptyTokenForm, name: '   ', abilities: ['read'] })).toEqual({ name: T.nameRequired });
  });

  it('asks for at least one app when the apps are chosen', () => {
    const form = { ...emptyTokenForm, name: 'CI', abilities: ['submit' as const], scope: 'chosen' as const };
    expect(tokenProblems(form)).toEqual({ appIds: T.appsRequired });
    expect(tokenProblems({ ...form, appIds: ['a1'] })).toEqual({});
    expect(tokenBody({ ...form, appIds: ['a1'] }).appIds).toEqual(['a1']);
  });

  it.each(['', '0', '366', '1.5', 'abc', '-3'])('refuses an expiry of “%s” days', (days) => {
    expect(tokenProblems({ ...emptyTokenForm, name: 'CI', abilities: ['read'], expiresInDays: days })).toEqual({ expiresInDays: T.expiryRange });
  });

  it.each(['1', '90', '365'])('takes an expiry of %s days', (days) => {
    expect(tokenProblems({ ...emptyTokenForm, name: 'CI', abilities: ['read'], expiresInDays: days })).toEqual({});
  });
});

describe('a token’s state', () => {
  const token = {
    id: 't',
    name: 'CI',
    prefix: 'rcmp_ab',
    abilities: ['read' as const],
    appIds: null,
    createdBy: 'X',
    createdAt: '2026-01-01T00:00:00Z',
    expiresAt: '2026-04-01T00:00:00Z',
    revokedAt: null,
    lastUsedAt: null,
    lastUsedIp: null,
  };
  it('is active until it expires, revoked once revoked', () => {
    expect(tokenState(token, Date.parse('2026-03-31T23:59:59Z'))).toBe('active');
    expect(tokenState(token, Date.parse('2026-04-01T00:00:00Z'))).toBe('expired');
    expect(tokenState({ ...token, revokedAt: '2026-02-01T00:00:00Z' }, Date.parse('2026-05-01T00:00:00Z'))).toBe('revoked');
  });
});
