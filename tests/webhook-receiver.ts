import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { headers: IncomingHttpHeaders; body: string; at: number };
type Reply = (res: ServerResponse, n: number) => void;

/**
 * A real HTTP endpoint for webhook tests: it records every request (headers, raw body) and answers with
 * whatever `reply` says — set per test (200 JSON by default; a reply that never ends is a hung endpoint).
 */
export async function startReceiver() {
  const received: Received[] = [];
  let reply: Reply = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      reply(res, received.length);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    answer(next: Reply) {
      reply = next;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
