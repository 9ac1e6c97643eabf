import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK, ReusedBufferFileStream } from './file-stream';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
let dir: string;
let file: string;
let bytes: Buffer;
let server: Server;
let base: string;
const streams: ReusedBufferFileStream[] = [];
const responses: ServerResponse[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'file-stream-'));
  file = join(dir, 'package.zip');
  // More than the system's socket buffers hold (so that writes wait), and not a whole number of chunks.
  bytes = randomBytes(160 * CHUNK + 1234);
  writeFileSync(file, bytes);
  server = createServer((_req, res) => {
    const stream = new ReusedBufferFileStream(file);
    streams.push(stream);
    responses.push(res);
    res.setHeader('content-length', String(bytes.length));
    stream.pipe(res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Until the server's answer number `i` has bytes its socket could not hand to the system yet — or has handed
 * the system all of them: the socket buffers can hold the whole file (Linux grows a loopback connection's receive
 * buffer up to tcp_rmem's maximum, 32 MiB here), and a reader waiting for a write that never waits would wait forever.
 */
async function pending(i: number) {
  while (!(responses[i] && (responses[i]!.writableLength > 0 || responses[i]!.writableFinished))) await new Promise((r) => setImmediate(r));
}

/**
 * A download; a slow one reads nothing until the server's writes wait on it (the system's socket buffers full),
 * then stops again every few chunks.
 */
function download(i: number, slow: boolean): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    get(base, (res) => {
      const parts: Buffer[] = [];
      let n = 0;
      if (slow) {
        res.pause();
        void pending(i).then(() => res.resume());
      }
      res.on('data', (chunk: Buffer) => {
        parts.push(chunk);
        if (slow && ++n % 3 === 0) {
          res.pause();
          setImmediate(() => res.resume());
        }
      });
      res.on('end', () => resolve(Buffer.concat(parts)));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('a file piped to a response through one reused buffer', () => {
  it('sends every byte, in order, to many readers at once, fast and slow, reading no chunk into a new buffer', async () => {
    // One after another starts (the answers' order is the requests'), then all read at once.
    const bodies: Promise<Buffer>[] = [];
    for (let i = 0; i < 20; i++) {
      bodies.push(download(i, i % 2 === 0));
      while (responses.length <= i) await new Promise((r) => setImmediate(r));
    }
    for (const body of await Promise.all(bodies)) expect([body.length, sha(body)]).toEqual([bytes.length, sha(bytes)]);
    expect(streams).toHaveLength(20);
    expect(streams.map((s) => s.newBuffers)).toEqual(streams.map(() => 0));
  });

  it('read any other way (chunks kept by the reader), gives each chunk a buffer of its own', async () => {
    const stream = new ReusedBufferFileStream(file);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(sha(Buffer.concat(chunks))).toBe(sha(bytes));
    expect(new Set(chunks.map((c) => c.buffer)).size).toBe(chunks.length);
    // …and the read that found the end.
    expect(stream.newBuffers).toBe(chunks.length + 1);
  });

  it('fails as a stream (an error event) when there is no such file', async () => {
    const stream = new ReusedBufferFileStream(join(dir, 'missing.zip'));
    stream.resume();
    const [err] = (await once(stream, 'error').catch((e: unknown) => [e])) as [NodeJS.ErrnoException];
    expect(err.code).toBe('ENOENT');
  });
});
