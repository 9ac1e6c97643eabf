import type { FastifyInstance } from 'fastify';

const POLL_MS = 250;

/**
 * Runs `work` every 250 ms — one run at a time, a run that fails logged — until the server closes, which
 * waits for the run under way (`stopped()` tells a long run to end early), then calls `onStop`.
 */
export function pollWhileOpen(app: FastifyInstance, name: string, work: (stopped: () => boolean) => Promise<unknown>, onStop?: () => void) {
  let stopped = false;
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = work(() => stopped)
      .catch((err: unknown) => app.log.error({ err }, `the ${name} failed`))
      .finally(() => (running = null));
  }, POLL_MS);
  app.addHook('onClose', async () => {
    stopped = true;
    clearInterval(timer);
    await running;
    onStop?.();
  });
}
