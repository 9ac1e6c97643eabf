// The TLS front Rocket.Chat's Apps CLI reaches as https://marketplace.rocket.chat and https://cloud.rocket.chat
// (scripts/apps-cli/preload.cjs sends both there): it ends TLS with a certificate of a local CA and passes the
// bytes on to the portal untouched, Host header included, as a TLS-terminating proxy in front of a deployed
// portal would — to its plain HTTP port, or over TLS again when the portal is reached by https.
import { connect, type Socket } from 'node:net';
import { connect as tlsConnect, createServer, type TLSSocket } from 'node:tls';
import type { AddressInfo } from 'node:net';

export type TlsFront = { port: number; close: () => Promise<void> };

export async function startTlsFront(tls: { cert: string; key: string }, target: { host: string; port: number; tls?: boolean }): Promise<TlsFront> {
  const sockets = new Set<Socket | TLSSocket>();
  const track = (s: Socket | TLSSocket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  };
  const server = createServer({ cert: tls.cert, key: tls.key }, (client) => {
    const upstream = target.tls ? tlsConnect({ host: target.host, port: target.port, servername: target.host }) : connect(target.port, target.host);
    track(client);
    track(upstream);
    // Either side ending or failing ends the other: no half-open pairs left behind.
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  server.on('connection', track);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}
