import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationKinds } from '../../contract/schemas/notifications';
import { uuidOf } from '../../server/db/seed';
import { jobs } from '../../server/db/schema';
import { MAIL_JOB, expandNotification } from '../../server/services/mail/notify';
import { siteOf } from '../../server/services/mail/worker';
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
  return { received, refusedCount: () => refused, port: (server.server.address() as AddressInfo).port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let smtp: Awaited<ReturnType<typeof smtpRefusingFirst>>;
let s: TestServer;
let reviewer: string;
const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((a) => a?.value.map((v) => v.address) ?? []);
/** Waits until the mail worker has nothing queued or running (every notice expanded, every message sent or given up). */
const drained = () =>
  expect
    .poll(async () => (await s.app.db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(and(sql`${jobs.kind} in ('notify', 'mail')`, sql`${jobs.status} in ('queued', 'running')`)))[0]!.n, { timeout: 20_000, interval: 100 })
    .toBe(0);

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
    const count = async () => (await s.app.db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(eq(jobs.kind, 'notify')))[0]!.n;
    const before = await count();
    const kanban = uuidOf('app:Kanban Board');
    const again = await s.request('POST', `/v1/admin/app/${kanban}/version/${versionOf('Kanban Board', '1.0.0')}/reject`, { token: reviewer, body: { action: 'reject', rejectionReason: 'Again.' } });
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
    const res = await s.request('POST', `/v1/admin/app/${calendar}/version/${versionOf('Calendar Sync', '1.0.0')}/publish`, { token: reviewer, body: { action: 'publish' } });
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
    const extra = await s.request('PUT', '/v1/me/notifications', { token: olivia, body: { ...Object.fromEntries(notificationKinds.map((k) => [k, true])), marketing: true } });
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
    await s.app.db.insert(jobs).values({
      id: 'interrupted-mail',
      kind: MAIL_JOB,
      payload: { to: 'someone@example.com', subject: 'Interrupted', text: 'x', html: '<p>x</p>', messageId: 'interrupted@marketplace.example' },
      status: 'running',
      attempts: 1,
      lockedAt: new Date(Date.now() - 3_600_000),
      lastError: 'sending',
    });
    await drained();
    const [job] = await s.app.db.select().from(jobs).where(eq(jobs.id, 'interrupted-mail'));
    expect(job).toMatchObject({ status: 'failed', lastError: 'interrupted while sending; not sent again (at most once)' });
    expect(smtp.received.slice(before).map((m) => m.subject)).not.toContain('Interrupted');
  });
});

describe('the outbox folder (development)', () => {
  it('writes each message as an .eml file with a text and an HTML part', async () => {
    const dev = await startServer();
    try {
      expect(dev.app.mailer.kind).toBe('outbox');
      const token = await dev.signIn('reviewer');
      const calendar = uuidOf('app:Calendar Sync');
      const res = await dev.request('POST', `/v1/admin/app/${calendar}/version/${versionOf('Calendar Sync', '1.0.0')}/publish`, { token, body: { action: 'publish' } });
      expect(res.status).toBe(200);
      const outbox = join(dev.config.dataDir, 'outbox');
      await expect.poll(() => { try { return readdirSync(outbox).filter((f) => f.endsWith('.eml')).length; } catch { return 0; } }, { timeout: 20_000 }).toBe(2);
      const mails = await Promise.all(readdirSync(outbox).map((f) => simpleParser(readFileSync(join(outbox, f)))));
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
