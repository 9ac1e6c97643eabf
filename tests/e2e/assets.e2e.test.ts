import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../harness';

/**
 * What goes over the wire (raw HTTP, nothing decoded): assets precompressed at build and chosen by the
 * browser's Accept-Encoding, hashed assets cached for a year, index.html revalidated, JSON compressed above
 * 1 KiB. Runs after `vite build` (the built SPA is served).
 */
let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer({ serveSpa: true });
});
afterAll(() => server?.close());

function get(path: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: number; body: string }>((resolve, reject) => {
    const url = new URL(server.base + path);
    const req = request(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const all = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: all.length, body: all.toString('latin1') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('assets and answers on the wire', () => {
  it('serves the first screen’s assets in brotli or gzip, cached for a year; index.html revalidated', async () => {
    const index = await get('/publisher/apps', 'identity');
    expect(index.headers['cache-control']).toBe('no-cache');
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(index.body)?.[1];
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    const plain = await get(script!, 'identity');
    const br = await get(script!, 'gzip, deflate, br');
    const gz = await get(script!, 'gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.bytes).toBeLessThan(plain.bytes / 3);
    expect(gz.bytes).toBeLessThan(plain.bytes / 2.5);
    for (const res of [plain, br, gz]) {
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type']).toMatch(/javascript/);
    }
    const css = /<link rel="stylesheet" crossorigin href="([^"]+)"/.exec(index.body)?.[1];
    expect((await get(css!, 'br')).headers['content-encoding']).toBe('br');
    expect((await get('/publisher/apps', 'br')).headers['content-encoding']).toBe('br');
  });

  it('compresses JSON answers above 1 KiB, and leaves small ones as they are', async () => {
    const doc = await get('/v1/openapi.json', 'gzip, br');
    expect(doc.headers['content-encoding']).toBe('br');
    expect((await get('/v1/openapi.json', 'gzip')).headers['content-encoding']).toBe('gzip');
    const small = await get('/v1/engine/version', 'gzip, br');
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
