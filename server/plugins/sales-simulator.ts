import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { simulateSale } from '../services/sales/simulator';

/**
 * Development only (SIMULATE_SALES_SECONDS, set by `npm run simulate:sales`; refused in production): the
 * public marketplace's part, one sale or subscription change every so many seconds, so balances, stats
 * and events move on the demo.
 */
export default fp(
  async function salesSimulator(app: FastifyInstance) {
    const every = app.config.simulateSalesSeconds;
    if (!every) return;
    let timer: NodeJS.Timeout | undefined;
    const tick = async () => {
      try {
        const what = await simulateSale(app.db, app.sales);
        if (what) app.log.info({ simulated: what }, 'simulated marketplace sale');
      } catch (err) {
        app.log.warn({ err }, 'the simulated sale failed');
      }
    };
    app.addHook('onReady', async () => {
      timer = setInterval(() => void tick(), every * 1000);
      timer.unref();
      app.log.info(`simulating marketplace sales every ${every} s`);
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'sales-simulator', dependencies: ['db', 'payments'] },
);
