import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

const entry = (cloudUserId: string, expiresInMs = 60_000) => ({ session: { cloudUserId, expiresAt: new Date(Date.now() + expiresInMs) } });

describe('the session cache', () => {
  it('answers from memory only while it hears the database', () => {
    const cache = new SessionCache({ ttlMs: 30_000 });
    cache.set('a', entry('u1'), cache.mark());
    expect(cache.get('a')).toBeUndefined();
    cache.setListening(true);
    cache.set('a', entry('u1'), cache.mark());
    expect(cache.get('a')?.session.cloudUserId).toBe('u1');
    cache.setListening(false);
    expect(cache.get('a')).toBeUndefined();
    cache.setListening(true);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets a revoked session, and every session of a developer who changed', () => {
    const cache = new SessionCache({ ttlMs: 30_000 });
    cache.setListening(true);
    for (const [hash, user] of [
      ['a', 'u1'],
      ['b', 'u1'],
      ['c', 'u2'],
    ] as const)
      cache.set(hash, entry(user), cache.mark());
    cache.invalidate('session:c');
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    cache.invalidate('user:u1');
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, undefined]);
    expect(cache.size).toBe(0);
  });

  it('does not keep an answer looked up before a change it may not reflect', () => {
    const cache = new SessionCache({ ttlMs: 30_000 });
    cache.setListening(true);
    const mark = cache.mark();
    cache.invalidate('session:a');
    cache.set('a', entry('u1'), mark);
    expect(cache.get('a')).toBeUndefined();
  });

  it('never answers with a session past its expiry, nor after its time in memory', async () => {
    const cache = new SessionCache({ ttlMs: 40 });
    cache.setListening(true);
    cache.set('old', entry('u1', -1), cache.mark());
    expect(cache.get('old')).toBeUndefined();
    cache.set('a', entry('u1'), cache.mark());
    expect(cache.get('a')).toBeDefined();
    await new Promise((r) => setTimeout(r, 60));
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets everything on a message it does not know', () => {
    const cache = new SessionCache({ ttlMs: 30_000 });
    cache.setListening(true);
    cache.set('a', entry('u1'), cache.mark());
    cache.invalidate('reset');
    expect(cache.get('a')).toBeUndefined();
  });
});
