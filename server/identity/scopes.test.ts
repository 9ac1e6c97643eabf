import { describe, expect, it } from 'vitest';
import { consentSentence, parseScope, withinScopes } from './scopes';

describe('OAuth scopes', () => {
  it('parses a space-separated scope into its distinct scopes', () => {
    expect(parseScope('offline_access marketplace:app-submit')).toEqual(['offline_access', 'marketplace:app-submit']);
    expect(parseScope('  a  b a ')).toEqual(['a', 'b']);
    expect(parseScope('')).toEqual([]);
    expect(parseScope(undefined)).toEqual([]);
  });

  it('tells whether what is asked is within what is allowed', () => {
    expect(withinScopes(['marketplace:app-submit'], ['offline_access', 'marketplace:app-submit'])).toBe(true);
    expect(withinScopes([], ['offline_access'])).toBe(true);
    expect(withinScopes(['marketplace:app-submit', 'marketplace:admin'], ['marketplace:app-submit'])).toBe(false);
  });

  it('says who asks and what for, staying signed in last', () => {
    expect(consentSentence('Rocket.Chat Apps CLI', ['offline_access', 'marketplace:app-submit'])).toBe(
      'Rocket.Chat Apps CLI wants to submit apps to the marketplace on your behalf and stay signed in until you sign it out (at most 90 days).',
    );
    expect(consentSentence('Rocket.Chat Apps CLI', ['marketplace:app-submit'])).toBe(
      'Rocket.Chat Apps CLI wants to submit apps to the marketplace on your behalf.',
    );
    expect(consentSentence('Tool', ['openid', 'email', 'x:y'])).toBe('Tool wants to know who you are, see your email address and use the “x:y” permission.');
    expect(consentSentence('Tool', [])).toBe('Tool wants to know who you are.');
  });
});
