import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness';

/** Every non-2xx answer is the error envelope {error, code, requestId} — Fastify's and Node's own included. */
let s: TestServer;
let owner: string;
beforeAll(async () => {
  s = await startServer();
  owner = await s.signIn('owner');
});
afterAll(() => s.close());

const envelope = { error: expect.any(String), code: expect.anything(), requestId: expect.any(String) };

/** A raw request on a socket of its own (for what no HTTP client would send). */
function raw(text: string): Promise<{ status: number; json: unknown }> {
  const { port } = new URL(s.base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.on('data', (c) => (data += c.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, body = ''] = data.split('\r\n\r\n');
      const status = Number(head!.split(' ')[1]);
      try {
        resolve({ status, json: JSON.parse(body) });
      } catch {
        resolve({ status, json: body });
      }
    });
  });
}

describe('the error envelope everywhere', () => {
  it.each([
    ['an unknown route', () => s.request('GET', '/v1/no-such-route', { token: owner }), 404],
    ['an unknown method on a route', () => s.request('PATCH', '/v1/me', { token: owner }), 404],
    ['a path parameter that is too long', () => s.request('GET', `/v1/publisher/apps/${'a'.repeat(500)}`, { token: owner }), 414],
    [
      'a body over the limit',
      () => s.request('POST', '/v1/me', { token: owner, body: JSON.stringify({ firstName: 'x'.repeat(2_000_000), lastName: 'y' }) }),
      413,
    ],
    [
      'a body of a type no route takes',
      () => s.request('POST', '/v1/me', { token: owner, body: 'firstName=A', headers: { 'content-type': 'text/plain' } }),
      415,
    ],
    ['malformed JSON', () => s.request('POST', '/v1/me', { token: owner, body: '{"firstName": "A",' }), 400],
    ['JSON nested 100 000 deep', () => s.request('POST', '/v1/me', { token: owner, body: '['.repeat(100_000) + ']'.repeat(100_000) }), 400],
    ['an empty JSON body', () => s.request('POST', '/v1/me', { token: owner, body: '' }), 400],
    ['a __proto__ key', () => s.request('POST', '/v1/me', { token: owner, body: '{"__proto__": {"admin": true}, "firstName": "A", "lastName": "B"}' }), 400],
    // Found by the fuzzer: PostgreSQL refuses NUL in text, which answered 500.
    ['a NUL character in a text field', () => s.request('POST', '/v1/me', { token: owner, body: { firstName: 'A\u0000', lastName: 'B' } }), 400],
    ['a NUL character in a query', () => s.request('GET', '/v1/publisher/apps?limit=5&offset=0&q=%00', { token: owner }), 400],
  ] as const)('%s', async (_name, call, status) => {
    const res = await call();
    expect(res.status).toBe(status);
    expect(res.json).toMatchObject(envelope);
  });

  it('headers larger than the server takes (431)', async () => {
    const res = await raw(`GET /v1/engine/version HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.json).toMatchObject({ error: expect.any(String), code: expect.anything() });
  });

  it('a request line that is not HTTP (400)', async () => {
    const res = await raw('THIS IS NOT HTTP\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: expect.any(String), code: expect.anything() });
  });
});
