import { describe, expect, it } from 'vitest';
import { API_TOKEN_PREFIX, credentialKind, WORKSPACE_TOKEN_PREFIX } from './credentials';

describe('the kind of a bearer token, by its form', () => {
  it('tells API tokens and workspace tokens by their prefixes, and looks anything else up as a session or a cloud token', () => {
    expect(credentialKind(`${API_TOKEN_PREFIX}abc`)).toBe('apiToken');
    expect(credentialKind(`${WORKSPACE_TOKEN_PREFIX}abc`)).toBe('workspace');
    expect(credentialKind('eyJhbGciOiJSUzI1NiJ9.e30.sig')).toBe('sessionOrCloud');
    expect(credentialKind('rcws_abc')).toBe('sessionOrCloud');
  });
});
