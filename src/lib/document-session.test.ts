import { describe, expect, it } from 'vitest';
import { documentCookies, zoneCookie } from './document-session';

describe('documentCookies', () => {
  const now = Date.UTC(2026, 10, 28, 12);
  it('hands the session to /publisher documents only, never to a request another site starts, for as long as the token is valid', () => {
    const [session, height] = documentCookies({ token: 'abc_DEF-123', expiresAt: now + 3_600_000 }, 860, now, true);
    expect(session).toBe('portal_session=abc_DEF-123; Max-Age=3600; Path=/publisher; SameSite=Strict; Secure');
    expect(height).toBe('portal_window=860; Path=/publisher; SameSite=Strict; Secure');
  });
  it('is Secure only over https (a browser refuses a Secure cookie from http)', () => {
    const [session] = documentCookies({ token: 't', expiresAt: now + 60_000 }, 700.4, now, false);
    expect(session).toBe('portal_session=t; Max-Age=60; Path=/publisher; SameSite=Strict');
  });
  it('removes the session when signed out or expired', () => {
    expect(documentCookies(null, 860, now, false)[0]).toBe('portal_session=; Max-Age=0; Path=/publisher; SameSite=Strict');
    expect(documentCookies({ token: 't', expiresAt: now - 1 }, 860, now, false)[0]).toBe('portal_session=; Max-Age=0; Path=/publisher; SameSite=Strict');
  });
  it('encodes what a cookie cannot carry as it is', () => {
    expect(documentCookies({ token: 'a;b c', expiresAt: now + 1_000 }, 1, now, false)[0]).toMatch(/^portal_session=a%3Bb%20c; /);
  });
  it('tells the time zone, for a year, to /publisher documents only', () => {
    expect(zoneCookie('America/Argentina/Buenos_Aires', true)).toBe(
      'portal_zone=America%2FArgentina%2FBuenos_Aires; Max-Age=31536000; Path=/publisher; SameSite=Strict; Secure',
    );
  });
});
