import type { FastifyInstance } from 'fastify';
import { claim, finish, mark, retryLater, type JobRow } from '../jobs';
import type { Message } from './mailer';
import { MAIL_JOB, NOTIFY_JOB, expandNotification, type Notification, type Site } from './notify';
import { renderFailed } from './render-failures';
import { TemplateError } from './templates';

/** Written on a mail job just before it is handed to the mail server. */
const SENDING = 'sending';

export function siteOf(app: FastifyInstance): Site {
  const portalUrl = (app.config.publicUrl ?? `http://localhost:${app.config.port}`).replace(/\/$/, '');
  return { portalUrl, productName: app.config.productName, mailDomain: new URL(portalUrl).hostname || 'localhost' };
}

/** One queued notification: its mail jobs queued and the notification done, in one transaction. */
async function expand(app: FastifyInstance, job: JobRow) {
  const site = siteOf(app);
  await app.db.transaction(async (tx) => {
    const result = await expandNotification(tx, job.payload as Notification, site);
    if (result.skipped) app.log.info({ job: job.id, notification: job.payload.kind }, `notification not sent: ${result.skipped}`);
    await finish(tx, job.id, 'done', result.skipped);
  });
}

/**
 * One queued message, sent at most once: the job is marked as sending (committed) before the mail server
 * is asked; a job found marked so was interrupted mid-send (its process died) and is not sent again, since
 * the server may have taken it. A refused or failed send is tried again with backoff, then given up.
 */
async function send(app: FastifyInstance, job: JobRow) {
  const { retrySeconds, maxAttempts } = app.config.mail;
  if (job.lastError === SENDING) {
    app.log.warn({ job: job.id }, 'a message was interrupted while being sent: not sent again');
    return finish(app.db, job.id, 'failed', 'interrupted while sending; not sent again (at most once)');
  }
  await mark(app.db, job.id, SENDING);
  try {
    await app.mailer.send(job.payload as Message);
    await finish(app.db, job.id, 'done');
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (job.attempts >= maxAttempts) {
      app.log.error({ job: job.id, err }, 'a message could not be sent: given up');
      return finish(app.db, job.id, 'failed', `gave up after ${job.attempts} attempts: ${reason}`);
    }
    app.log.warn({ job: job.id, attempt: job.attempts, err }, 'a message could not be sent: trying again later');
    await retryLater(app.db, job.id, retrySeconds * 3 ** (job.attempts - 1), reason);
  }
}

/** Claims and runs the next notification or message (null when none is due): what the mail worker does each time. */
export async function mailNext(app: FastifyInstance) {
  const lease = app.config.jobLeaseSeconds;
  const notification = await claim(app.db, NOTIFY_JOB, lease);
  if (notification) {
    // A notice that cannot be prepared fails alone (a template that does not render: its page says why).
    await expand(app, notification).catch(async (err: unknown) => {
      app.log.error({ err, job: notification.id, notification: notification.payload.kind }, 'a notification could not be prepared');
      const reason = err instanceof Error ? err.message : String(err);
      await finish(app.db, notification.id, 'failed', err instanceof TemplateError ? renderFailed(reason) : reason);
    });
    return notification;
  }
  const message = await claim(app.db, MAIL_JOB, lease);
  if (message) await send(app, message);
  return message;
}
