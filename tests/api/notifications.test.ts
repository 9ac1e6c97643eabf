import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_TEXT } from '../../contract/schemas/catalog';
import { notificationKinds } from '../../contract/schemas/notifications';
import { uuidOf } from '../../server/dev/seed/seed';
import { apps, emailTemplates, mailSends, publishers } from '../../server/db/schema';
import { enqueue } from '../../server/kernel/jobs';
import { MAIL_JOB, NOTIFY_JOB, expandNotification, type Notification } from '../../server/mail/notify';
import { siteOf } from '../../server/mail/worker';
import { startServer, type TestServer } from '../harness';

const versionOf = (app: string, version: string) => createHash('sha256').update(`version:${app}:${version}`).digest('hex').slice(0, 24);

/** A real SMTP server (smtp-server) that refuses the first message it is given (a temporary failure). */
async function smtpRefusingFirst() {
  const received: ParsedMail[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refused === 0) {
          refused++;
          const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
          return callback(err);
        }
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          received.push(mail);
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    refusedCount: () => refused,
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let smtp: Awaited<ReturnType<typeof smtpRefusingFirst>>;
let s: TestServer;
let reviewer: string;
const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((a) => a?.value.map((v) => v.address) ?? []);
/** Waits until the mail worker has nothing queued or running (every notice expanded, every message sent or given up). */
const drained = () =>
  expect
    .poll(
      async () =>
        (
          (await s.app.db.execute(
            sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name IN ('notify', 'mail') AND state IN ('created', 'retry', 'active')`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      { timeout: 20_000, interval: 100 },
    )
    .toBe(0);
/** A job of the queue, as pg-boss keeps it. */
const jobOf = async (kind: string, id: string | null) => (await s.app.jobs.list(kind)).find((j) => j.id === id);

beforeAll(async () => {
  smtp = await smtpRefusingFirst();
  s = await startServer({}, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_RETRY_SECONDS: '0.2', MAIL_FROM: 'Marketplace <no-reply@marketplace.example>' });
  reviewer = await s.signIn('reviewer');
});
afterAll(async () => {
  await s.close();
  await smtp.close();
});

describe('notifications through a real SMTP server', () => {
  it('mails a rejection to the publisher’s owner once, rendered, even though the first delivery attempt failed', async () => {
    const kanban = uuidOf('app:Kanban Board');
    const res = await s.request('POST', `/v1/admin/app/${kanban}/version/${versionOf('Kanban Board', '1.0.0')}/reject`, {
      token: reviewer,
      body: { action: 'reject', rejectionReason: 'The board loses cards when a room is archived.' },
    });
    expect(res.status, res.text).toBe(200);
    await drained();
    expect(smtp.refusedCount()).toBe(1);
    const mails = smtp.received.filter((m) => to(m).includes('lars@fjordlabs.example'));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Changes needed for Kanban Board 1.0.0');
    expect(mail!.from?.value[0]).toMatchObject({ name: 'Marketplace', address: 'no-reply@marketplace.example' });
    expect(mail!.text).toContain('The board loses cards when a room is archived.');
    expect(mail!.text).toContain('Hello Lars,');
    expect(mail!.html).toContain('<blockquote');
    expect(mail!.html).toContain('The board loses cards when a room is archived.');
    expect(mail!.html).toContain('Rocket Marketplace');
  });

  it('queues nothing for a refused change', async () => {
    const count = async () => (await s.app.jobs.list(NOTIFY_JOB)).length;
    const before = await count();
    const kanban = uuidOf('app:Kanban Board');
    const again = await s.request('POST', `/v1/admin/app/${kanban}/version/${versionOf('Kanban Board', '1.0.0')}/reject`, {
      token: reviewer,
      body: { action: 'reject', rejectionReason: 'Again.' },
    });
    expect(again.status).toBe(409);
    expect(await count()).toBe(before);
  });

  it('tells owners and developers, not viewers, and not those who turned the notice off', async () => {
    const marcus = await s.signIn('developer');
    const settings = Object.fromEntries(notificationKinds.map((k) => [k, k !== 'version-published']));
    const put = await s.request('PUT', '/v1/me/notifications', { token: marcus, body: settings });
    expect(put.status).toBe(200);
    expect((await s.request('GET', '/v1/me/notifications', { token: marcus })).json).toEqual(settings);
    const before = smtp.received.length;
    const calendar = uuidOf('app:Calendar Sync');
    const res = await s.request('POST', `/v1/admin/app/${calendar}/version/${versionOf('Calendar Sync', '1.0.0')}/publish`, {
      token: reviewer,
      body: { action: 'publish' },
    });
    expect(res.status, res.text).toBe(200);
    await drained();
    const sent = smtp.received.slice(before);
    expect(sent.flatMap(to)).toEqual(['olivia.bennett@northwind.example']);
    expect(sent[0]!.subject).toBe('Calendar Sync 1.0.0 is published');
  });

  it('keeps each developer’s choices whole: every kind, on or off, nothing else', async () => {
    const olivia = await s.signIn('owner');
    expect((await s.request('GET', '/v1/me/notifications', { token: olivia })).json).toEqual(Object.fromEntries(notificationKinds.map((k) => [k, true])));
    const partial = await s.request('PUT', '/v1/me/notifications', { token: olivia, body: { 'version-approved': false } });
    expect(partial.status).toBe(400);
    const extra = await s.request('PUT', '/v1/me/notifications', {
      token: olivia,
      body: { ...Object.fromEntries(notificationKinds.map((k) => [k, true])), marketing: true },
    });
    expect(extra.status).toBe(400);
    expect((await s.request('GET', '/v1/me/notifications', { token: olivia })).json['version-approved']).toBe(true);
  });

  it('lists the first compiler diagnostics in a compile-failed notice', async () => {
    const poll = uuidOf('app:Poll Master');
    await s.app.db.transaction(async (tx) => {
      const result = await expandNotification(tx, { kind: 'compile-failed', appId: poll, internalId: versionOf('Poll Master', '0.9.0') }, siteOf(s.app));
      // Northwind's owner and developer (its viewer is not told).
      expect(result.queued).toBe(2);
    });
    await drained();
    const mail = smtp.received.find((m) => m.subject === 'Poll Master 0.9.0 did not compile' && to(m).includes('olivia.bennett@northwind.example'))!;
    expect(mail.text).toContain("PollMasterApp.ts:42:17 — Property 'getRoom' does not exist on type 'IRead'.");
    expect(mail.html).toContain('commands/PollCommand.ts:8:5');
  });

  it('never sends a message twice: one interrupted while sending is given up, not sent again', async () => {
    const before = smtp.received.length;
    // A run marked it as being sent, then its process died: the job is queued again, its mark still there.
    const id = await s.app.db.transaction(async (tx) => {
      const queued = await enqueue(tx, MAIL_JOB, {
        to: 'someone@example.com',
        subject: 'Interrupted',
        text: 'x',
        html: '<p>x</p>',
        messageId: 'interrupted@marketplace.example',
      });
      await tx.insert(mailSends).values({ jobId: queued! });
      return queued;
    });
    await drained();
    expect(await jobOf(MAIL_JOB, id)).toMatchObject({ state: 'failed', output: { reason: 'interrupted while sending; not sent again (at most once)' } });
    expect(smtp.received.slice(before).map((m) => m.subject)).not.toContain('Interrupted');
  });
});

describe('templates that do not render', () => {
  const kanban = { appId: uuidOf('app:Kanban Board'), internalId: versionOf('Kanban Board', '1.0.0') };
  const notify = (n: Notification) => enqueue(s.app.db, NOTIFY_JOB, n);
  const template = async (name: string) =>
    (
      (await s.request('GET', '/v1/admin/emailTemplates', { token: reviewer })).json as {
        id: string;
        name: string;
        lastRenderError: { message: string; at: string } | null;
      }[]
    ).find((t) => t.name === name)!;

  it('fails that notice on its job, goes on mailing the others, and the template says why until it renders again', async () => {
    // Stored before the bound (the API refuses it now): 3 000 nested elements overflow a recursive HTML walk.
    await s.app.db
      .update(emailTemplates)
      .set({ body: `${'<div>'.repeat(3_000)}{{ app.name }}` })
      .where(eq(emailTemplates.name, 'version-approved'));
    const before = smtp.received.length;
    const failing = await notify({ kind: 'version-approved', ...kanban });
    await notify({ kind: 'version-reviewed', ...kanban, note: 'Still sent.' });
    await drained();
    const reason = TEMPLATE_TEXT.renderedTooDeep('default-layout');
    expect(await jobOf(NOTIFY_JOB, failing)).toMatchObject({ state: 'failed', output: { reason: `render failed: ${reason}` } });
    expect(smtp.received.slice(before).map((m) => m.subject)).toEqual(['Kanban Board 1.0.0 was reviewed']);

    const failed = await template('version-approved');
    expect(failed.lastRenderError).toEqual({ message: reason, at: expect.any(String) });
    expect(Math.abs(Date.parse(failed.lastRenderError!.at) - Date.now())).toBeLessThan(60_000);
    expect((await template('version-reviewed')).lastRenderError).toBeNull();

    // Fixed through the API, the next notice renders, is sent, and the failure is no longer shown.
    const fixed = await s.request('PUT', '/v1/admin/emailTemplates', {
      token: await s.signIn('support'),
      body: { ...failed, body: '<p>{{ app.name }} was approved.</p>' },
    });
    expect(fixed.status, fixed.text).toBe(200);
    await notify({ kind: 'version-approved', ...kanban });
    await drained();
    expect(smtp.received.slice(before).map((m) => m.subject)).toContain('Kanban Board 1.0.0 was approved');
    expect((await template('version-approved')).lastRenderError).toBeNull();
  });

  it('records a Liquid error at render time on the job, and on the template', async () => {
    await s.app.db
      .update(emailTemplates)
      .set({ body: '{% assign a = "1,2" | split: "," %}{% for i in (1..40) %}{% assign a = a | concat: a %}{% endfor %}{{ a | size }}' })
      .where(eq(emailTemplates.name, 'version-unpublished'));
    const failing = await notify({ kind: 'version-unpublished', ...kanban });
    await drained();
    const job = await jobOf(NOTIFY_JOB, failing);
    expect(job!.state).toBe('failed');
    expect(job!.output?.reason).toMatch(/^render failed: The body failed to render at line 1, column \d+: /);
    expect((await template('version-unpublished')).lastRenderError?.message).toBe(job!.output!.reason!.slice('render failed: '.length));
  });

  it("mails a subject as plain text: a publisher’s & and ' arrive as written, and a line break cannot add a header", async () => {
    const [app] = await s.app.db.select({ publisherId: apps.publisherId }).from(apps).where(eq(apps.id, kanban.appId));
    await s.app.db.update(publishers).set({ name: "Tom & Jerry's Tools\r\nBcc: someone@example.com" }).where(eq(publishers.id, app!.publisherId));
    await s.app.db
      .update(emailTemplates)
      .set({ subject: '{{ app.name }} was reviewed for {{ publisher.name }}' })
      .where(eq(emailTemplates.name, 'version-reviewed'));
    const before = smtp.received.length;
    await notify({ kind: 'version-reviewed', ...kanban, note: 'Fine.' });
    await drained();
    const [mail, ...more] = smtp.received.slice(before);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Kanban Board was reviewed for Tom & Jerry's Tools Bcc: someone@example.com");
    expect(mail!.headers.has('bcc')).toBe(false);
    expect(to(mail!)).toEqual(['lars@fjordlabs.example']);
    // The HTML part still escapes it.
    expect(mail!.html).toContain('(Tom &amp; Jerry&#39;s Tools');
  });
});

describe('the outbox folder (development)', () => {
  it('writes each message as an .eml file with a text and an HTML part', async () => {
    const dev = await startServer();
    try {
      expect(dev.app.mailer.kind).toBe('outbox');
      const token = await dev.signIn('reviewer');
      const calendar = uuidOf('app:Calendar Sync');
      const res = await dev.request('POST', `/v1/admin/app/${calendar}/version/${versionOf('Calendar Sync', '1.0.0')}/publish`, {
        token,
        body: { action: 'publish' },
      });
      expect(res.status).toBe(200);
      const outbox = join(dev.config.dataDir, 'outbox');
      await expect
        .poll(
          () => {
            try {
              return readdirSync(outbox).filter((f) => f.endsWith('.eml')).length;
            } catch {
              return 0;
            }
          },
          { timeout: 20_000 },
        )
        .toBe(2);
      const mails = await Promise.all(
        readdirSync(outbox)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => simpleParser(readFileSync(join(outbox, f)))),
      );
      expect(mails.flatMap(to).sort()).toEqual(['marcus.chen@northwind.example', 'olivia.bennett@northwind.example']);
      for (const mail of mails) {
        expect(mail.subject).toBe('Calendar Sync 1.0.0 is published');
        expect(mail.text).toContain('is now published');
        expect(mail.html).toContain('<strong>Calendar Sync</strong>');
      }
    } finally {
      await dev.close();
    }
  });
});
