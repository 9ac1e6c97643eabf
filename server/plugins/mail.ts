import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { outboxMailer, smtpMailer, type Mailer } from '../services/mail/mailer';
import { mailNext } from '../services/mail/worker';

const POLL_MS = 250;

/**
 * The mail service: SMTP when SMTP_URL is set, else .eml files in DATA_DIR/outbox; and, unless
 * MAIL_WORKER=false, the worker that turns queued notifications into messages and sends them.
 */
export default fp(
  async function mail(app: FastifyInstance) {
    const { smtpUrl, from, worker } = app.config.mail;
    const mailer = smtpUrl ? smtpMailer(smtpUrl, from) : outboxMailer(join(app.config.dataDir, 'outbox'), from);
    app.decorate('mailer', mailer);
    if (!worker) return void app.addHook('onClose', async () => mailer.close());
    let running: Promise<void> | null = null;
    const drain = async () => {
      while (await mailNext(app)) {
        if (stopped) return;
      }
    };
    let stopped = false;
    const timer = setInterval(() => {
      if (running) return;
      running = drain()
        .catch((err: unknown) => app.log.error({ err }, 'the mail worker failed'))
        .finally(() => (running = null));
    }, POLL_MS);
    app.addHook('onClose', async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      mailer.close();
    });
  },
  { name: 'mail', dependencies: ['db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}
