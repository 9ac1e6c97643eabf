import { and, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { NotificationKind } from '../../../contract/schemas/notifications';
import type { Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { apiTokens, developers, emailTemplates, publishers } from '../../db/schema';
import { MAIL_JOB } from '../../kernel/job-kinds';
import { enqueue, type Claim, type Disposition } from '../../kernel/jobs';
import type { Site } from '../../mail/notify';
import { recordRender, renderFailed } from '../../mail/render-failures';
import { renderMessage, TemplateError, type Template } from '../../mail/templates';
import { siteOf } from '../../mail/worker';

/** The notice (and its email template) that tells a publisher's owners a token ends soon. */
export const TOKEN_EXPIRING: NotificationKind = 'api-token-expiring';
/** How long before a token expires its publisher's owners are told. */
export const EXPIRY_NOTICE_DAYS = 7;
const DAY_MS = 86_400_000;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const two = (n: number) => String(n).padStart(2, '0');
/** An expiry as a message says it, whatever the server's locale and zone: '1 March 2027, 09:30 UTC'. */
export const formatExpiry = (d: Date) =>
  `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;

/**
 * Claims the tokens whose owners are to be told now — live (not revoked, not yet expired), expiring within
 * EXPIRY_NOTICE_DAYS, not told before, and made to last longer than that (a token made for a few days
 * ends when its maker chose: no notice) — by marking them, in one statement: of two runs at once, the
 * second finds them marked (it waits on their rows, then they no longer match), so nobody is told twice.
 * Trusted publishing's tokens end within minutes and are never told.
 */
async function claimExpiring(tx: Tx, now: Date) {
  return tx
    .update(apiTokens)
    .set({ expiryNoticeAt: now })
    .where(
      and(
        isNull(apiTokens.expiryNoticeAt),
        isNull(apiTokens.revokedAt),
        isNull(apiTokens.trustPolicyId),
        gt(apiTokens.expiresAt, now),
        lte(apiTokens.expiresAt, new Date(now.getTime() + EXPIRY_NOTICE_DAYS * DAY_MS)),
        lt(apiTokens.createdAt, sql`${apiTokens.expiresAt} - interval '${sql.raw(String(EXPIRY_NOTICE_DAYS))} days'`),
      ),
    )
    .returning({ id: apiTokens.id, publisherId: apiTokens.publisherId, name: apiTokens.name, prefix: apiTokens.prefix, expiresAt: apiTokens.expiresAt });
}

/**
 * Tells the owners of each publisher whose API tokens expire within a week (those who did not turn the
 * notice off), one message per token and owner, rendered from the `api-token-expiring` template in its
 * layout and queued as mail jobs in `tx` — the transaction that marks the tokens told: both or neither.
 * With no template, nothing is claimed (a later run tells them). A TemplateError rolls it all back.
 */
export async function noticeExpiringTokens(tx: Tx, site: Site, now = new Date()) {
  const [template] = await tx.select().from(emailTemplates).where(eq(emailTemplates.name, TOKEN_EXPIRING));
  if (!template) return { tokens: 0, queued: 0, skipped: `no email template named ${TOKEN_EXPIRING}` };
  const [layout] = template.layout ? await tx.select().from(emailTemplates).where(eq(emailTemplates.name, template.layout)) : [];
  const tokens = await claimExpiring(tx, now);
  if (tokens.length === 0) return { tokens: 0, queued: 0, skipped: '' };
  const publisherIds = [...new Set(tokens.map((t) => t.publisherId))];
  const names = new Map(
    (await tx.select({ id: publishers.id, name: publishers.name }).from(publishers).where(inArray(publishers.id, publisherIds))).map((p) => [p.id, p.name]),
  );
  const owners = await tx
    .select({ publisherId: developers.publisherId, email: developers.email, firstName: developers.firstName, lastName: developers.lastName })
    .from(developers)
    .where(
      and(
        inArray(developers.publisherId, publisherIds),
        eq(developers.role, 'owner'),
        sql`coalesce((${developers.notificationsOff} ->> ${TOKEN_EXPIRING})::boolean, false) = false`,
      ),
    );
  let queued = 0;
  for (const token of tokens) {
    for (const to of owners.filter((o) => o.publisherId === token.publisherId)) {
      const data = {
        productName: site.productName,
        portalUrl: site.portalUrl,
        developer: { firstName: to.firstName, lastName: to.lastName },
        publisher: { name: names.get(token.publisherId) ?? '' },
        token: { name: token.name, prefix: token.prefix, expiresAt: formatExpiry(token.expiresAt), url: `${site.portalUrl}/publisher/info` },
      };
      const message = await renderMessage(template as Template, (layout as Template | undefined) ?? null, data);
      await enqueue(tx, MAIL_JOB, { to: to.email, ...message, messageId: `${newId()}@${site.mailDomain}` });
      queued++;
    }
  }
  return { tokens: tokens.length, queued, skipped: queued === 0 ? 'no owner receives this notice' : '' };
}

/**
 * One run of the hourly expiry notice: the tokens marked told and their messages queued, with the job's
 * completion, in one transaction (a run that lost its job marks and queues nothing). A template that
 * does not render marks nothing: the failure shows on the template's page, and the next hour tries again.
 */
export async function runExpiryNotices(app: FastifyInstance, claim: Claim): Promise<Disposition> {
  try {
    const result = await claim.complete(async (tx) => {
      const done = await noticeExpiringTokens(tx, siteOf(app), new Date(app.jobs.clock.now()));
      if (done.queued > 0) await recordRender(tx, TOKEN_EXPIRING, null);
      return done;
    });
    if (result?.tokens || result?.skipped) app.log.info({ job: claim.id, ...result }, 'API token expiry notices');
  } catch (err) {
    if (!(err instanceof TemplateError)) throw err;
    app.log.error({ err, job: claim.id }, 'API token expiry notices could not be prepared');
    await recordRender(app.db, TOKEN_EXPIRING, err.message);
    return claim.giveUp(renderFailed(err.message));
  }
}
