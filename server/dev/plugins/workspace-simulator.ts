import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { count } from 'drizzle-orm';
import { sandboxBillingDue } from '../../commerce/billing/subscriptions';
import { appInstallEvents, salesLines } from '../../db/schema';
import { DEMO_HISTORY_CUSTOMERS, DEMO_HISTORY_DAYS, playHistory, type HistorySummary } from '../simulators/demo-history';
import { SimulatedClients } from '../simulators/simulated-workspaces';
import { StaffInProcess, StaffOverHttp } from '../simulators/simulated-staff';
import { WorkspaceSimulator } from '../simulators/workspace-simulator';

/**
 * How many days the demo's history plays (`DEMO_HISTORY_DAYS`, read here: development only, not in
 * server/config.ts): 150 by default; fewer for a quicker first start (the tests play 45). 0 plays today only.
 */
export function demoHistoryDays(env: NodeJS.ProcessEnv = process.env) {
  const days = Number(env.DEMO_HISTORY_DAYS ?? DEMO_HISTORY_DAYS);
  return Number.isInteger(days) && days >= 0 && days <= 730 ? days : DEMO_HISTORY_DAYS;
}

/**
 * Development only: Rocket.Chat workspaces playing the marketplace's other side through the portal's own
 * public routes, once it listens (server/dev/simulators/workspace-simulator.ts).
 *
 * `DEMO_WORKSPACES` (set by `npm start`): at the first start — nothing was ever installed or sold — the demo's
 * history is played in the background while the portal serves (server/dev/simulators/demo-history.ts):
 * `DEMO_HISTORY_DAYS` days (150 by default) of workspaces installing and uninstalling, buyers buying, starting
 * trials, changing seats and cancelling, staff refunding and paying out, and the sandbox's billing job at each
 * day's end — with the portal's clock (kernel/clock.ts) moved to each simulated day, and set back to real time
 * after (also when it fails or the portal closes). Every number the reports show then came from real calls,
 * dated on its simulated day. Meanwhile anything else the portal does is dated by the moved clock too.
 *
 * `SIMULATE_WORKSPACES_SECONDS` (`npm run simulate:workspaces`): one move every so many seconds, so the numbers
 * keep moving (not while the history plays).
 */
export default fp(
  async function workspaceSimulator(app: FastifyInstance) {
    const { seconds, demo } = app.config.simulateWorkspaces;
    let historyDone: (summary: HistorySummary | null) => void = () => {};
    const history = demo ? new Promise<HistorySummary | null>((resolve) => (historyDone = resolve)) : Promise.resolve(null);
    app.decorate('demoHistory', history);
    if (!seconds && !demo) return;
    let timer: NodeJS.Timeout | undefined;
    let closing = false;
    let busy = false;
    let playing: Promise<unknown> = Promise.resolve();
    app.addHook('onListen', async () => {
      const address = app.server.address() as AddressInfo;
      const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
      const base = `http://${host}:${address.port}`;
      const simulator = new WorkspaceSimulator(app.db, base, Math.random, SimulatedClients.of(app.db, base));
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
        let summary: HistorySummary | null = null;
        playing = run(async () => {
          const [installs] = await app.db.select({ n: count() }).from(appInstallEvents);
          const [sales] = await app.db.select({ n: count() }).from(salesLines);
          if ((installs?.n ?? 0) > 0 || (sales?.n ?? 0) > 0) return;
          const days = demoHistoryDays();
          app.log.info(`playing the demo’s history: ${days} days through the public routes`);
          summary = await playHistory(app.db, simulator, {
            days,
            customers: Math.max(3, Math.round((DEMO_HISTORY_CUSTOMERS * days) / DEMO_HISTORY_DAYS)),
            billing: (at) => sandboxBillingDue(app.db, app.sales, at),
            staff: app.config.devSignIn ? new StaffOverHttp(base, app.config.cloudClientId) : new StaffInProcess(app.db, app.payments, app.sales),
            stopped: () => closing,
            warn: (err, move) => {
              if (!closing) app.log.warn({ err, move }, 'a move of the demo’s history failed');
            },
          });
          app.log.info(summary, 'the demo’s history was played through the public routes');
        }).finally(() => historyDone(summary));
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
      // The history stops at its next move and sets the clock back before the portal is closed.
      await playing;
      historyDone(null);
    });
  },
  { name: 'workspace-simulator', dependencies: ['db', 'payments'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The demo's history (DEMO_WORKSPACES), once it is over: what it played, or null when it did not play (off,
     * or the database had installs or sales already).
     */
    demoHistory: Promise<HistorySummary | null>;
  }
}
