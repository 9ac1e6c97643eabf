import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache';

describe('the read cache', () => {
  it('answers from memory within a scope until the scope changes, and only while it hears the database', async () => {
    const cache = new ReadCache({ ttlMs: 30_000 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('publisher:a', 'k', load)).toBe(1);
    expect(await cache.get('publisher:a', 'k', load)).toBe(2);
    cache.setListening(true);
    expect(await cache.get('publisher:a', 'k', load)).toBe(3);
    expect(await cache.get('publisher:a', 'k', load)).toBe(3);
    expect(await cache.get('publisher:b', 'k', load)).toBe(4);
    cache.invalidate('publisher:a');
    expect(await cache.get('publisher:a', 'k', load)).toBe(5);
    expect(await cache.get('publisher:b', 'k', load)).toBe(4);
    cache.invalidate('all');
    expect(await cache.get('publisher:b', 'k', load)).toBe(6);
    cache.setListening(false);
    expect(await cache.get('publisher:b', 'k', load)).toBe(7);
  });

  it('does not keep an answer whose scope changed while it was being read', async () => {
    const cache = new ReadCache({ ttlMs: 30_000 });
    cache.setListening(true);
    expect(await cache.get('publisher:a', 'k', async () => (cache.invalidate('publisher:a'), 'stale'))).toBe('stale');
    expect(await cache.get('publisher:a', 'k', async () => 'fresh')).toBe('fresh');
  });
});
