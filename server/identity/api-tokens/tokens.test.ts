import { describe, expect, it } from 'vitest';
import { ApiToken } from '../../../contract/schemas/tokens';
import { formatExpiry } from './expiry';
import { expiryFrom, toApiToken } from './tokens';

const row = {
  id: 'tok1',
  publisherId: 'pub1',
  name: 'CI',
  prefix: 'rcmp_abcdefg',
  secretHash: 'f'.repeat(64),
  abilities: ['read', 'submit'],
  appIds: null,
  trustPolicyId: null,
  createdBy: 'dev1',
  createdByName: 'Olivia Bennett',
  createdAt: new Date('2026-01-31T10:00:00Z'),
  expiresAt: new Date('2026-05-01T10:00:00Z'),
  revokedAt: null,
  lastUsedAt: new Date('2026-02-01T08:00:00.123Z'),
  lastUsedIp: '203.0.113.7',
  seenIps: ['203.0.113.7'],
  expiryNoticeAt: null,
};

describe('an API token as the API shows it', () => {
  it('has the contract’s shape, dates as ISO strings, who made it by name, and neither the secret’s hash nor its addresses', () => {
    const view = toApiToken(row);
    expect(ApiToken.strict().parse(view)).toEqual(view);
    expect(view).toMatchObject({
      createdBy: 'Olivia Bennett',
      createdAt: '2026-01-31T10:00:00.000Z',
      lastUsedAt: '2026-02-01T08:00:00.123Z',
      revokedAt: null,
      appIds: null,
    });
    expect(JSON.stringify(view)).not.toContain(row.secretHash);
    expect(view).not.toHaveProperty('seenIps');
  });
});

describe('expiry', () => {
  it('is whole days after creation', () => {
    expect(expiryFrom(new Date('2026-01-31T10:00:00Z'), 90).toISOString()).toBe('2026-05-01T10:00:00.000Z');
    expect(expiryFrom(new Date('2026-12-31T23:59:00Z'), 1).toISOString()).toBe('2027-01-01T23:59:00.000Z');
  });

  it('reads the same whatever the server’s zone or locale (UTC, the month in words)', () => {
    expect(formatExpiry(new Date('2027-03-01T09:30:59Z'))).toBe('1 March 2027, 09:30 UTC');
    expect(formatExpiry(new Date('2026-12-31T23:05:00Z'))).toBe('31 December 2026, 23:05 UTC');
  });
});
