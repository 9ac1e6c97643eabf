import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailSends } from '../db/schema';
import type { Claim, Disposition } from '../kernel/jobs';
import type { Message } from './mailer';
import { expandNotification, type Notification, type Site } from './notify';
import { recordRender, renderFailed } from './render-failures';
import { TemplateError } from './templates';

export function siteOf(app: FastifyInstance): Site {
  const portalUrl = (app.config.publicUrl ?? `http://localhost:${app.config.port}`).replace(/\/$/, '');
  return { portalUrl, productName: app.config.productName, mailDomain: new URL(portalUrl).hostname || 'localhost' };
}

/**
 * One queued notification: its mail jobs queued and the notification finished, in one transaction (a run
 * that lost its job queues nothing). A template that does not render gives the notice up at once (its
 * template's page says why: render-failures.ts); any other failure is retried.
 */
export async function expand(app: FastifyInstance, claim: Claim<Notification>): Promise<Disposition> {
  const n = claim.data;
  try {
    const result = await claim.complete(async (tx) => {
      const expanded = await expandNotification(tx, n, siteOf(app));
      if (expanded.queued > 0) await recordRender(tx, n.kind, null);
      return expanded;
    });
    if (result?.skipped) app.log.info({ job: claim.id, notification: n.kind }, `notification not sent: ${result.skipped}`);
  } catch (err) {
    if (!(err instanceof TemplateError)) throw err;
    app.log.error({ err, job: claim.id, notification: n.kind }, 'a notification could not be prepared');
    await recordRender(app.db, n.kind, err.message);
    return claim.giveUp(renderFailed(err.message));
  }
}

/**
 * One queued message, sent at most once: its mark (mail_sends) is written and committed — by the run that
 * holds the job, fenced — before the mail server is asked; a run that finds the mark already there was
 * interrupted mid-send (its process died, or it lost its lease) and does not send it again, since the
 * server may have taken it. A refused or failed send is tried again on the mail kind's retry policy (the
 * mark removed with the failure), then given up.
 */
export async function send(app: FastifyInstance, claim: Claim<Message>): Promise<Disposition> {
  const mark = eq(mailSends.jobId, claim.id);
  const interrupted = await claim.write(async (tx) => (await tx.insert(mailSends).values({ jobId: claim.id }).onConflictDoNothing().returning()).length === 0);
  if (interrupted) {
    app.log.warn({ job: claim.id }, 'a message was interrupted while being sent: not sent again');
    return claim.giveUp('interrupted while sending; not sent again (at most once)');
  }
  try {
    await app.mailer.send(claim.data);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (claim.last) app.log.error({ job: claim.id, err }, `a message could not be sent: given up after ${claim.attempt} attempts`);
    else app.log.warn({ job: claim.id, attempt: claim.attempt, err }, 'a message could not be sent: trying again later');
    await claim.retry(claim.last ? `gave up after ${claim.attempt} attempts: ${reason}` : reason, (tx) => tx.delete(mailSends).where(mark));
    return;
  }
  await claim.complete((tx) => tx.delete(mailSends).where(mark));
}
