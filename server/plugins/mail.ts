import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { outboxMailer, smtpMailer, type Mailer } from '../services/mail/mailer';
import { mailNext } from '../services/mail/worker';
import { pollWhileOpen } from './poll';

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
    pollWhileOpen(
      app,
      'mail worker',
      async (stopped) => {
        while (!stopped() && (await mailNext(app))) {
          /* the next one */
        }
      },
      () => mailer.close(),
    );
  },
  { name: 'mail', dependencies: ['db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}
