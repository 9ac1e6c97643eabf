import type { Socket } from 'node:net';
import type pg from 'pg';

/** Hears a notification channel: `onMessage` per payload; `onListening(false)` while the channel may miss some. */
export type Listen = (channel: string, onMessage: (payload: string) => void, onListening: (on: boolean) => void) => Promise<() => Promise<void>>;

/**
 * Hears a PostgreSQL notification channel on a connection of its own (a pooled one would be handed to queries).
 * Reconnected when lost, and reported not listening meanwhile, so that nothing is trusted that a missed
 * notification could make wrong.
 *
 * A connection can die without a word: a NAT forgets it, a failover moves the address, a network path drops.
 * Nothing then arrives, and nothing says so (the kernel's TCP keepalive first probes after two hours). So the
 * connection asks `SELECT 1` every `heartbeatMs`: one not answered by the next beat is taken as lost at once
 * (reported, dropped and made again). TCP keepalive starts probing after the same idle time.
 */
export function pgListen(Client: typeof pg.Client, url: string, heartbeatMs = 10_000): Listen {
  return async (channel, onMessage, onListening) => {
    let closed = false;
    let client: pg.Client | undefined;
    const connect = async (): Promise<void> => {
      if (closed) return;
      const c = new Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: heartbeatMs });
      client = c;
      let beat: NodeJS.Timeout | undefined;
      let gone = false;
      const lost = () => {
        if (gone) return;
        gone = true;
        clearInterval(beat);
        onListening(false);
        if (client !== c) return;
        client = undefined;
        if (!closed) setTimeout(() => void connect(), 1000).unref();
      };
      c.on('error', () => {});
      c.on('end', lost);
      c.on('notification', (n) => n.channel === channel && onMessage(n.payload ?? ''));
      try {
        await c.connect();
        await c.query(`LISTEN ${channel}`);
        if (gone || closed) return;
        onListening(true);
        let unanswered = false;
        beat = setInterval(() => {
          if (unanswered) {
            lost();
            drop(c);
            return;
          }
          unanswered = true;
          c.query('SELECT 1').then(
            () => {
              unanswered = false;
            },
            () => {},
          );
        }, heartbeatMs).unref();
      } catch {
        await c.end().catch(() => {});
      }
    };
    await connect();
    return async () => {
      closed = true;
      onListening(false);
      const c = client;
      client = undefined;
      if (!c) return;
      // A connection that no longer answers would never finish saying goodbye: it is dropped after a beat.
      const late = setTimeout(() => drop(c), heartbeatMs);
      await c.end().catch(() => {});
      clearTimeout(late);
    };
  };
}

/** Closes a client's socket without waiting for the server (whose 'end' then comes from the socket's close). */
function drop(c: pg.Client) {
  (c as unknown as { connection?: { stream?: Socket } }).connection?.stream?.destroy();
}
