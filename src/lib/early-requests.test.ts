import { afterEach, describe, expect, it } from 'vitest';
import { asApiResult, takeEarly } from './early-requests';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

afterEach(() => {
  globalThis.__portalEarly = undefined;
});

describe('takeEarly', () => {
  const early = (at = 1_000) => {
    globalThis.__portalEarly = { token: 'tok', at, responses: { '/v1/me': Promise.resolve(json({ _id: 'd1' })) } };
  };

  it('hands an early answer over once, for the same token', async () => {
    early();
    const first = takeEarly('GET', '/v1/me', 'tok', 2_000);
    expect(first).toBeDefined();
    expect((await asApiResult(await first!)).body).toEqual({ _id: 'd1' });
    expect(takeEarly('GET', '/v1/me', 'tok', 2_000)).toBeUndefined();
  });

  it('never hands it to another token, another method, another path, or after ten seconds', () => {
    early();
    expect(takeEarly('GET', '/v1/me', 'other', 2_000)).toBeUndefined();
    expect(takeEarly('GET', '/v1/me', undefined, 2_000)).toBeUndefined();
    expect(takeEarly('POST', '/v1/me', 'tok', 2_000)).toBeUndefined();
    expect(takeEarly('GET', '/v1/publisher', 'tok', 2_000)).toBeUndefined();
    expect(takeEarly('GET', '/v1/me', 'tok', 11_001)).toBeUndefined();
    // Still there for the right caller: the refusals above took nothing.
    expect(takeEarly('GET', '/v1/me', 'tok', 2_000)).toBeDefined();
  });

  it('has nothing when boot.js asked for nothing', () => {
    expect(takeEarly('GET', '/v1/me', 'tok')).toBeUndefined();
  });
});

describe('asApiResult', () => {
  it('keeps the status and parses JSON, text and anything else as ts-rest does', async () => {
    const notFound = await asApiResult(json({ error: 'No publisher account exists for this user yet.' }, 404));
    expect(notFound).toMatchObject({ status: 404, body: { error: 'No publisher account exists for this user yet.' } });
    expect((await asApiResult(new Response('hi', { headers: { 'content-type': 'text/plain' } }))).body).toBe('hi');
    expect((await asApiResult(new Response(new Uint8Array([1, 2]), { headers: { 'content-type': 'image/png' } }))).body).toBeInstanceOf(Blob);
  });
});
