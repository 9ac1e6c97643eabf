import { describe, expect, it } from 'vitest';
import { WorkspaceCache } from './workspace-cache';

type Caller = { workspaceId: string; expiresAt: Date } | null;

/** A cache listening, and a loader that counts its calls and answers what `value()` says at that moment. */
function setup<T>(value: () => T) {
  const cache = new WorkspaceCache({ ttlMs: 60_000 });
  cache.setListening(true);
  let calls = 0;
  const load = async () => {
    calls++;
    return value();
  };
  return { cache, load, calls: () => calls };
}
const later = () => new Date(Date.now() + 60_000);

describe('WorkspaceCache', () => {
  it('keeps an answer until its workspace is announced, and only that workspace’s', async () => {
    let n = 1;
    const { cache, load, calls } = setup(() => n);
    const a = () => cache.get('purchases\na', load, () => 'a');
    const b = () => cache.get('purchases\nb', load, () => 'b');
    expect([await a(), await a(), await b()]).toEqual([1, 1, 1]);
    expect(calls()).toBe(2);
    n = 2;
    cache.invalidate('b');
    expect([await a(), await b()]).toEqual([1, 2]);
    cache.invalidate('*');
    expect([await a(), await b()]).toEqual([2, 2]);
    expect(calls()).toBe(5);
  });

  it('never keeps an answer whose load was running when its workspace was announced', async () => {
    let release!: () => void;
    let n = 1;
    const cache = new WorkspaceCache({ ttlMs: 60_000 });
    cache.setListening(true);
    const slow = () => new Promise<number>((resolve) => (release = () => resolve(n)));
    const first = cache.get('k', slow, () => 'a');
    // The change commits and is announced while the first load still reads the old rows.
    cache.invalidate('a');
    release();
    expect(await first).toBe(1);
    n = 2;
    expect(
      await cache.get(
        'k',
        async () => n,
        () => 'a',
      ),
    ).toBe(2);
  });

  it('shares one load among concurrent callers', async () => {
    const { cache, load, calls } = setup(() => 7);
    const got = await Promise.all(Array.from({ length: 5 }, () => cache.get('k', load, () => 'a')));
    expect(got).toEqual([7, 7, 7, 7, 7]);
    expect(calls()).toBe(1);
  });

  it('keeps nothing that is nobody’s (an unknown token), nor a failed load', async () => {
    const { cache, load, calls } = setup<Caller>(() => null);
    await cache.get('token\nx', load, (c) => c?.workspaceId ?? null);
    await cache.get('token\nx', load, (c) => c?.workspaceId ?? null);
    expect(calls()).toBe(2);
    let fail = true;
    const flaky = async () => {
      if (fail) throw new Error('database gone');
      return 3;
    };
    await expect(cache.get('f', flaky, () => 'a')).rejects.toThrow('database gone');
    fail = false;
    expect(await cache.get('f', flaky, () => 'a')).toBe(3);
  });

  it('drops a kept answer once its `until` has passed (an expired token)', async () => {
    let expiresAt = later();
    const { cache, load, calls } = setup<Caller>(() => ({ workspaceId: 'a', expiresAt }));
    const get = () =>
      cache.get(
        'token\nt',
        load,
        (c) => c?.workspaceId ?? null,
        (c) => c?.expiresAt ?? null,
      );
    await get();
    await get();
    expect(calls()).toBe(1);
    expiresAt = new Date(Date.now() - 1);
    cache.invalidate('a');
    await get();
    // Kept with a past expiry: never answered from memory again.
    await get();
    expect(calls()).toBe(3);
  });

  it('keeps nothing while it is not listening, and forgets everything when it stops', async () => {
    const { cache, load, calls } = setup(() => 1);
    await cache.get('k', load, () => 'a');
    cache.setListening(false);
    await cache.get('k', load, () => 'a');
    await cache.get('k', load, () => 'a');
    expect([calls(), cache.size]).toEqual([3, 0]);
    cache.setListening(true);
    await cache.get('k', load, () => 'a');
    await cache.get('k', load, () => 'a');
    expect(calls()).toBe(4);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
