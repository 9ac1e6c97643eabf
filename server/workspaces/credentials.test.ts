import { describe, expect, it } from 'vitest';
import { sha256 } from '../db/ids';
import { CLIENT_SECRET_PREFIX, newClient, secretMatches, SECRET_PREFIX_LENGTH, storedSecret } from './credentials';

describe('a workspace’s client', () => {
  it('has a 24-hex id and a secret of which only the SHA-256 and the first characters are kept', () => {
    const a = newClient();
    const b = newClient();
    expect(a.clientId).toMatch(/^[0-9a-f]{24}$/);
    expect(a.clientSecret).toMatch(new RegExp(`^${CLIENT_SECRET_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(a.secretHash).toBe(sha256(a.clientSecret));
    expect(a.secretPrefix).toBe(a.clientSecret.slice(0, SECRET_PREFIX_LENGTH));
    expect(storedSecret(a.clientSecret)).toEqual({ secretHash: a.secretHash, secretPrefix: a.secretPrefix });
    expect(b.clientId).not.toBe(a.clientId);
    expect(b.clientSecret).not.toBe(a.clientSecret);
  });

  it('matches its own secret only', () => {
    const { clientSecret, secretHash } = newClient();
    expect(secretMatches(clientSecret, secretHash)).toBe(true);
    expect(secretMatches(`${clientSecret}x`, secretHash)).toBe(false);
    expect(secretMatches(clientSecret.slice(0, -1), secretHash)).toBe(false);
    expect(secretMatches('', secretHash)).toBe(false);
    expect(secretMatches(undefined, secretHash)).toBe(false);
  });

  it('matches nothing when there is no client (or no stored hash), whatever is sent', () => {
    expect(secretMatches('anything', null)).toBe(false);
    expect(secretMatches('anything', undefined)).toBe(false);
    expect(secretMatches('', '')).toBe(false);
    expect(secretMatches('no client has this id', null)).toBe(false);
    expect(secretMatches('x', 'not hex')).toBe(false);
  });
});
