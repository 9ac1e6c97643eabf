import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runExpiryNotices } from '../../identity/token-expiry';
import { MAIL_JOB, NOTIFY_JOB, TOKEN_EXPIRY_JOB } from '../../kernel/job-kinds';
import { outboxMailer, smtpMailer, type Mailer } from '../mailer';
import type { Message } from '../mailer';
import type { Notification } from '../notify';
import { expand, send } from '../worker';

/**
 * The mail service: SMTP when SMTP_URL is set, else .eml files in DATA_DIR/outbox; and, unless
 * MAIL_WORKER=false, the workers that turn queued notifications into messages and send them, and tell
 * publishers' owners of API tokens that expire within a week (TOKEN_EXPIRY_JOB: every hour, one run across
 * every process).
 */
export default fp(
  async function mail(app: FastifyInstance) {
    const { smtpUrl, from, worker } = app.config.mail;
    const mailer = smtpUrl ? smtpMailer(smtpUrl, from) : outboxMailer(join(app.config.dataDir, 'outbox'), from);
    app.decorate('mailer', mailer);
    if (worker) {
      await app.jobs.work<Notification>(NOTIFY_JOB, (claim) => expand(app, claim));
      await app.jobs.work<Message>(MAIL_JOB, (claim) => send(app, claim));
      await app.jobs.work(TOKEN_EXPIRY_JOB, (claim) => runExpiryNotices(app, claim));
      await app.jobs.schedule(TOKEN_EXPIRY_JOB);
    }
    app.addHook('onClose', async () => {
      // The sends under way finish before the mail server's connection closes.
      if (worker) await app.jobs.stopWorking([NOTIFY_JOB, MAIL_JOB, TOKEN_EXPIRY_JOB]);
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
