// A publisher without paid apps asks the marketplace team for them (docs/commerce.md, Paid apps): support receives a
// mail with the publisher's details over a real SMTP server, staff read the request in the publisher's activity,
// and a publisher asks at most once a day; one with paid apps already is refused.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAID_APPS_TEXT } from '../../contract/schemas/publisher';
import { demoPublishers } from '../../server/dev/seed/seed-data';
import { startServer, type TestServer } from '../harness';

const fjord = demoPublishers.find((p) => p.key === 'fjord')!;
const received: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    void simpleParser(stream).then((mail) => {
      received.push(mail);
      callback();
    });
  },
});

let s: TestServer;
let lars: string;
let owner: string;
let admin: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  s = await startServer(
    {},
    { SMTP_URL: `smtp://127.0.0.1:${port}`, SUPPORT_EMAIL: 'support@marketplace.example', MAIL_FROM: 'Marketplace <no-reply@marketplace.example>' },
  );
  [lars, owner, admin] = await Promise.all([s.signIn('fjordOwner'), s.signIn('owner'), s.signIn('admin')]);
});
afterAll(async () => {
  await s?.close();
  await new Promise<void>((r) => smtp.close(() => r()));
});

const ask = (token: string, message?: string) =>
  s.request('POST', '/v1/publisher/paid-apps/request', { token, body: message === undefined ? {} : { message } });
const activity = async () =>
  (
    (await s.request('GET', `/v1/admin/publishers/${fjord.id}/activity?limit=25&offset=0`, { token: admin })).json.data as {
      action: string;
      userName: string;
      extra: Record<string, unknown>;
    }[]
  ).filter((a) => a.action === 'paid-apps-request');

describe('asking for paid apps', () => {
  it('mails support the publisher’s details and the message, and staff see it on the publisher’s page', async () => {
    const res = await ask(lars, 'We sell <b>templates</b>.');
    expect(res.status, res.text).toBe(200);
    await expect.poll(() => received.length, { timeout: 20_000, interval: 100 }).toBe(1);
    const mail = received[0]!;
    expect(mail.subject).toBe('Paid apps requested: Fjord Labs');
    expect((Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address).toBe('support@marketplace.example');
    expect(mail.replyTo?.value[0]?.address).toBe('lars@fjordlabs.example');
    expect(mail.html).toContain(fjord.id);
    expect(mail.html).toContain('Lars Eriksen');
    // What the publisher wrote is text in the mail, never markup.
    expect(mail.html).toContain('We sell &lt;b&gt;templates&lt;/b&gt;.');
    expect(mail.html).not.toContain('<b>templates</b>');
    expect(await activity()).toEqual([
      expect.objectContaining({ userName: 'Lars Eriksen', extra: { message: 'We sell <b>templates</b>.', mailedTo: 'support@marketplace.example' } }),
    ]);
  });

  it('asks once a day, and not at all with paid apps enabled; a refusal mails nobody', async () => {
    const again = await ask(lars);
    expect([again.status, again.json.code]).toEqual([409, 'already_requested']);
    const enabled = await ask(owner);
    expect([enabled.status, enabled.json.code, enabled.json.error]).toEqual([409, 'paid_apps_enabled', PAID_APPS_TEXT.enabled]);
    expect((await ask(lars, 'x'.repeat(2_001))).status).toBe(400);
    expect(await activity()).toHaveLength(1);
    expect(received).toHaveLength(1);
  });
});
