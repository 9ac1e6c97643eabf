import { createServer, connect, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pgListen } from '../../server/db/pg-listen';

/**
 * A TCP path to PostgreSQL that can go silent: `silence()` stops carrying the bytes of the connections open now,
 * and keeps them open, as a NAT that forgot them or a network path that dropped would. New connections are carried.
 */
async function silentPath(target: URL) {
  const pairs: [Socket, Socket][] = [];
  let opened = 0;
  const server: Server = createServer((inbound) => {
    opened += 1;
    const outbound = connect(Number(target.port), target.hostname);
    inbound.pipe(outbound).pipe(inbound);
    for (const s of [inbound, outbound]) s.on('error', () => {});
    inbound.on('close', () => outbound.destroy());
    outbound.on('close', () => inbound.destroy());
    pairs.push([inbound, outbound]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.toString(),
    /** Connections made so far through this path. */
    opened: () => opened,
    silence() {
      for (const [inbound, outbound] of pairs.splice(0)) {
        inbound.unpipe(outbound);
        outbound.unpipe(inbound);
        inbound.pause();
        outbound.pause();
        silenced.push(inbound, outbound);
      }
    },
    async close() {
      for (const s of [...silenced, ...pairs.flat()]) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
const silenced: Socket[] = [];
/** Conditions are waited for, never times: generous for a busy machine. */
const wait = { timeout: 30_000, interval: 20 };

describe.skipIf(!process.env.TEST_DATABASE_URL)('listening to a PostgreSQL channel', () => {
  const channel = `listen_test_${process.pid}`;
  let path: Awaited<ReturnType<typeof silentPath>>;
  let notifier: pg.Client;
  beforeAll(async () => {
    path = await silentPath(new URL(process.env.TEST_DATABASE_URL!));
    notifier = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await notifier.connect();
  });
  afterAll(async () => {
    await notifier?.end();
    await path?.close();
  });

  it('notices a connection gone silent, says it is not listening, and listens again on a new one', async () => {
    const states: boolean[] = [];
    const heard: string[] = [];
    const stop = await pgListen(pg.Client, path.url, 1000)(
      channel,
      (m) => heard.push(m),
      (on) => states.push(on),
    );
    // A notification sent while a connection is being replaced is missed (and said so): sent until heard.
    const hear = (message: string) =>
      vi.waitFor(async () => {
        await notifier.query(`NOTIFY ${channel}, '${message}'`);
        expect(heard).toContain(message);
      }, wait);
    try {
      expect(states).toEqual([true]);
      await hear('first');

      // Nothing is closed: only the heartbeat can tell.
      const before = states.length;
      path.silence();
      await vi.waitFor(() => expect(states.slice(before)).toContain(false), wait);
      await vi.waitFor(() => expect(states.at(-1)).toBe(true), wait);
      expect(path.opened()).toBeGreaterThan(1);
      await hear('second');
    } finally {
      await stop();
    }
    expect(states.at(-1)).toBe(false);
  });

  it('stops even when its connection no longer answers (dropped a beat after saying goodbye)', async () => {
    const states: boolean[] = [];
    const stop = await pgListen(pg.Client, path.url, 1000)(
      channel,
      () => {},
      (on) => states.push(on),
    );
    expect(states).toEqual([true]);
    path.silence();
    await stop();
    expect(states.at(-1)).toBe(false);
  });
});
