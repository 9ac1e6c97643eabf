import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { count } from 'drizzle-orm';
import { appInstallEvents } from '../../db/schema';
import { WorkspaceSimulator } from '../simulators/workspace-simulator';

/** How many moves the demo's workspaces make at the first start (their first installs). */
const DEMO_MOVES = 40;

/**
 * Development only: Rocket.Chat workspaces playing the marketplace's other side through the portal's own
 * public routes, once it listens (server/dev/simulators/workspace-simulator.ts). `DEMO_WORKSPACES` (set by
 * `npm start`): while no install was ever reported, the demo's workspaces make their first installs, so the
 * demo's stats show numbers that came from real calls; `SIMULATE_WORKSPACES_SECONDS` (`npm run
 * simulate:workspaces`): one move every so many seconds, so the numbers keep moving.
 */
export default fp(
  async function workspaceSimulator(app: FastifyInstance) {
    const { seconds, demo } = app.config.simulateWorkspaces;
    let demoDone: (moves: number) => void = () => {};
    app.decorate('demoInstalls', demo ? new Promise<number>((resolve) => (demoDone = resolve)) : Promise.resolve(0));
    if (!seconds && !demo) return;
    let timer: NodeJS.Timeout | undefined;
    let closing = false;
    let busy = false;
    app.addHook('onListen', async () => {
      const address = app.server.address() as AddressInfo;
      const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
      const simulator = new WorkspaceSimulator(app.db, `http://${host}:${address.port}`);
      const run = async (what: () => Promise<unknown>) => {
        if (busy || closing) return;
        busy = true;
        try {
          await what();
        } catch (err) {
          if (!closing) app.log.warn({ err }, 'the simulated workspace’s call failed');
        } finally {
          busy = false;
        }
      };
      if (demo) {
        // In the background: the portal serves meanwhile.
        let made = 0;
        void run(async () => {
          const [row] = await app.db.select({ n: count() }).from(appInstallEvents);
          if ((row?.n ?? 0) > 0) return;
          made = await simulator.play(DEMO_MOVES, () => closing);
          app.log.info({ moves: made }, 'the demo’s workspaces made their first installs through the public routes');
        }).finally(() => demoDone(made));
      }
      if (seconds) {
        timer = setInterval(
          () =>
            void run(async () => {
              const what = await simulator.step();
              if (what) app.log.info({ simulated: what }, 'simulated workspace');
            }),
          seconds * 1000,
        );
        timer.unref();
        app.log.info(`simulating workspaces every ${seconds} s`);
      }
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
    });
  },
  { name: 'workspace-simulator', dependencies: ['db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo's first installs (DEMO_WORKSPACES): how many moves they made, once they are over (0 when off). */
    demoInstalls: Promise<number>;
  }
}
