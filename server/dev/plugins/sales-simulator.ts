import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SimulatedBuyer } from '../simulators/simulated-buyer';
import { SimulatedClients } from '../simulators/simulated-workspaces';

/**
 * Development only (SIMULATE_SALES_SECONDS, set by `npm run simulate:sales`; refused in production): the
 * marketplace's buyers, one every so many seconds — a registered workspace buys or subscribes through the
 * checkout and the sandbox's card form, changes seats or cancels — over HTTP, through the public routes a
 * real buyer's browser calls (dev/simulators/simulated-buyer.ts), so balances, stats and events move on the
 * demo the way real sales move them.
 */
export default fp(
  async function salesSimulator(app: FastifyInstance) {
    const every = app.config.simulateSalesSeconds;
    if (!every) return;
    let timer: NodeJS.Timeout | undefined;
    let busy = false;
    let closing = false;
    app.addHook('onListen', async () => {
      const address = app.server.address() as AddressInfo;
      const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
      const base = `http://${host}:${address.port}`;
      const buyer = new SimulatedBuyer(app.db, base, SimulatedClients.of(app.db, base));
      const tick = async () => {
        if (busy || closing) return;
        busy = true;
        try {
          const what = await buyer.step();
          if (what) app.log.info({ simulated: what }, 'simulated marketplace sale');
        } catch (err) {
          if (!closing) app.log.warn({ err }, 'the simulated sale failed');
        } finally {
          busy = false;
        }
      };
      timer = setInterval(() => void tick(), every * 1000);
      timer.unref();
      app.log.info(`simulating marketplace sales every ${every} s`);
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
    });
  },
  { name: 'sales-simulator', dependencies: ['db', 'payments'] },
);
