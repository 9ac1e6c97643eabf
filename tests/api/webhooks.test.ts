// Webhooks over real HTTP: the routes and their rules, deliveries to a real receiver verified with the
// standardwebhooks library (across a secret rotation too), every status, the retry schedule on a test
// clock (pg-boss's TestClock: the job queue's idea of now, in the database too), resend, test events,
// turning a failing endpoint off, and the address rules at save and connect.
import { eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_DELAYS } from '../../contract/schemas/webhook';
import { uuidOf } from '../../server/dev/seed/seed';
import { demoPublishers } from '../../server/dev/seed/seed-data';
import { webhookActivities, webhooks } from '../../server/db/schema';
import { MAIL_JOB } from '../../server/kernel/job-kinds';
import { DELIVER_JOB, dispatchEvents } from '../../server/webhooks/dispatch';
import { deliverNext } from '../../server/webhooks/deliver';
import { startServer, type TestServer } from '../harness';
import { startReceiver } from '../webhook-receiver';

let s: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let owner: string;
let viewer: string;
let fjord: string;
let support: string;
let staffOwner: string;
const jira = uuidOf('app:Jira Connector');
const northwind = demoPublishers.find((p) => p.key === 'northwind')!.id;
const acmeHq = (await import('node:crypto')).createHash('sha256').update('ws:acme-hq').digest('hex').slice(0, 24);

const clock = new TestClock();
/** Moves the deliveries' clock (and the job queue's) to `t`. */
const setNow = (t: number) => clock.setTime(t);

beforeAll(async () => {
  s = await startServer({ jobClock: clock }, { WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_TIMEOUT_SECONDS: '0.5' });
  receiver = await startReceiver();
  [owner, viewer, fjord, support, staffOwner] = await Promise.all([
    s.signIn('owner'),
    s.signIn('viewer'),
    s.signIn('fjordOwner'),
    s.signIn('support'),
    s.signIn('admin'),
  ]);
});
afterAll(async () => {
  await receiver?.close();
  await s?.close();
});
beforeEach(async () => {
  receiver.received.length = 0;
  receiver.answer((res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}'));
  await setNow(Date.now());
});

const deps = () => s.app.webhookDeliveries();
/** Fans out what the outbox holds, then makes every due delivery (what the worker does each poll). */
async function drain() {
  while ((await dispatchEvents(s.app.db)) > 0);
  let n = 0;
  while (await deliverNext(deps())) n++;
  return n;
}
const newWebhook = async (body: Partial<{ label: string; enabled: boolean; url: string; for: string[] }> = {}, token = owner) =>
  s.request('POST', '/v1/publisher/webhooks', { token, body: { label: 'Sales', enabled: true, url: receiver.url, for: ['app.purchase.created'], ...body } });
const buyJira = () =>
  s.request('POST', '/v1/admin/purchases', {
    token: support,
    body: { appId: jira, workspaceId: acmeHq, externallyManaged: true, planId: '', seats: 0, addonTierId: '', periodEnd: new Date().toISOString() },
  });
const activities = async (id: string) => (await s.request('GET', `/v1/publisher/webhooks/${id}/activities?limit=100`, { token: owner })).json;
/** Only this webhook listens: the others of the publisher are turned off. */
async function only(id: string) {
  await s.app.db.update(webhooks).set({ enabled: false }).where(eq(webhooks.publisherId, northwind));
  await s.app.db.update(webhooks).set({ enabled: true }).where(eq(webhooks.id, id));
}

describe('the webhook routes (SPEC §3, §5, §6, §7)', () => {
  it('lists the publisher’s webhooks and creates one with a whsec_ secret shown once', async () => {
    const list = await s.request('GET', '/v1/publisher/webhooks', { token: owner });
    expect(list.status).toBe(200);
    expect(list.json.map((w: { label: string }) => w.label)).toContain('Billing events');
    const made = await newWebhook({ label: 'Billing', for: ['app.purchase.created', 'app.subscription.created'] });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({
      label: 'Billing',
      enabled: true,
      url: receiver.url,
      for: ['app.purchase.created', 'app.subscription.created'],
      failingSince: null,
    });
    expect(made.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const one = await s.request('GET', `/v1/publisher/webhooks/${made.json.id}`, { token: owner });
    expect(one.json.secret).toBeUndefined();
    expect(one.json.label).toBe('Billing');
    // The secret: revealed to who may update the publisher, not to a viewer.
    expect((await s.request('GET', `/v1/publisher/webhooks/${made.json.id}/secret`, { token: owner })).json.secret).toBe(made.json.secret);
    expect((await s.request('GET', `/v1/publisher/webhooks/${made.json.id}/secret`, { token: viewer })).status).toBe(403);
  });

  it('answers every SPEC §5 message', async () => {
    const bad = await s.request('POST', '/v1/publisher/webhooks', { token: owner, body: { label: ' ', enabled: true, url: '', for: [] } });
    expect(bad.status).toBe(400);
    const messages = bad.json.fields.map((f: { message: string }) => f.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Please provide a label for the webhook',
        'Please provide the url of the webhook',
        'You must select at least one event this webhook listens for.',
      ]),
    );
    const ftp = await newWebhook({ url: 'ftp://example.com/x' });
    expect(ftp.status).toBe(400);
    expect(ftp.json.fields[0].message).toBe('Invalid url, it must start with "https://".');
    const unknown = await newWebhook({ for: ['app.installed'] });
    expect(unknown.status).toBe(400);
  });

  it('turns away a publisher without webhooks (403 Webhooks Disabled) and hides other publishers’ webhooks', async () => {
    const denied = await s.request('GET', '/v1/publisher/webhooks', { token: fjord });
    expect(denied.status).toBe(403);
    expect(denied.json.error).toMatch(/^Webhooks Disabled/);
    expect((await newWebhook({}, fjord)).status).toBe(403);
    const mine = (await newWebhook()).json.id;
    // The staff publisher may use webhooks, but Northwind's are not its own.
    for (const path of ['', '/activities', '/secret']) {
      expect((await s.request('GET', `/v1/publisher/webhooks/${mine}${path}`, { token: staffOwner })).status).toBe(404);
    }
    expect((await s.request('POST', `/v1/publisher/webhooks/${mine}/test`, { token: staffOwner })).status).toBe(404);
    // A viewer reads but does not create.
    expect((await s.request('GET', `/v1/publisher/webhooks/${mine}`, { token: viewer })).status).toBe(200);
    expect((await newWebhook({}, viewer)).status).toBe(403);
  });
});

describe('deliveries', () => {
  it('delivers a purchase event, signed, to the webhooks listening to it — and only to them', async () => {
    const made = (await newWebhook()).json;
    const deaf = (await newWebhook({ label: 'Subscriptions only', for: ['app.subscription.cancelled'] })).json;
    const other = (await newWebhook({ label: 'Staff', for: ['app.purchase.created'] }, staffOwner)).json;
    await only(made.id);
    await s.app.db.update(webhooks).set({ enabled: true }).where(eq(webhooks.id, deaf.id));
    expect((await buyJira()).status).toBe(201);
    await drain();
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    const verified = new Verifier(made.secret).verify(got.body, got.headers as Record<string, string>) as {
      type: string;
      timestamp: string;
      data: { purchase: { appId: string } };
    };
    expect(verified.type).toBe('app.purchase.created');
    expect(verified.data.purchase.appId).toBe(jira);
    expect(got.headers['webhook-id']).toMatch(/^evt_/);
    expect(got.headers['content-type']).toBe('application/json');
    const log = await activities(made.id);
    expect(log.meta.total).toBe(1);
    expect(log.data[0]).toMatchObject({
      status: 'delivered',
      event: { id: got.headers['webhook-id'], type: 'app.purchase.created' },
      response: { statusCode: 200, response: '{"received":true}', responseType: 'application/json' },
      resent: false,
      nextAttemptAt: null,
    });
    expect(log.data[0].payload).toEqual(JSON.parse(got.body));
    expect(log.data[0].attempts).toHaveLength(1);
    expect((await activities(deaf.id)).meta.total).toBe(0);
    expect((await s.request('GET', `/v1/publisher/webhooks/${other.id}/activities`, { token: staffOwner })).json.meta.total).toBe(0);
  });

  it.each([
    ['a 204', 'delivered', (res: import('node:http').ServerResponse) => res.writeHead(204).end(), 204],
    ['a 404', 'failure', (res: import('node:http').ServerResponse) => res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found'), 404],
    ['a 500', 'failure', (res: import('node:http').ServerResponse) => res.writeHead(500).end('boom'), 500],
    ['a redirect (not followed)', 'failure', (res: import('node:http').ServerResponse) => res.writeHead(302, { location: '/elsewhere' }).end(), 302],
    ['no answer in time', 'timeout', () => undefined, 0],
  ] as const)('records %s as %s', async (_, status, reply, code) => {
    const made = (await newWebhook()).json;
    await only(made.id);
    receiver.answer(reply);
    await s.request('POST', `/v1/publisher/webhooks/${made.id}/test`, { token: owner });
    await drain();
    expect(receiver.received).toHaveLength(1);
    const [a] = (await activities(made.id)).data;
    expect(a.status).toBe(status);
    expect(a.response.statusCode).toBe(code);
    expect(a.nextAttemptAt === null).toBe(status === 'delivered');
  });

  it('records a refused connection as a failure with the reason', async () => {
    const closed = await startReceiver();
    const url = closed.url;
    await closed.close();
    const made = (await newWebhook({ url })).json;
    await only(made.id);
    await s.request('POST', `/v1/publisher/webhooks/${made.id}/test`, { token: owner });
    await drain();
    const [a] = (await activities(made.id)).data;
    expect(a).toMatchObject({ status: 'failure', response: { statusCode: 0, responseType: 'text/plain' } });
    expect(a.response.response).toMatch(/ECONNREFUSED/);
  });

  it('retries a failing delivery after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then gives up', async () => {
    const made = (await newWebhook()).json;
    await only(made.id);
    receiver.answer((res) => res.writeHead(503).end('down'));
    const test = (await s.request('POST', `/v1/publisher/webhooks/${made.id}/test`, { token: owner })).json;
    let now = clock.now();
    const sent = async () => {
      await setNow(now);
      await drain();
      return receiver.received.length;
    };
    expect(await sent()).toBe(1);
    for (const [i, delay] of WEBHOOK_RETRY_DELAYS.entries()) {
      const [a] = (await activities(made.id)).data;
      expect(a.attempts).toHaveLength(i + 1);
      expect(Date.parse(a.nextAttemptAt) - Date.parse(a.attempts.at(-1).at)).toBe(delay * 1000);
      // Not a moment before it is due.
      now = Date.parse(a.nextAttemptAt) - 1000;
      expect(await sent()).toBe(i + 1);
      now += 1000;
      expect(await sent()).toBe(i + 2);
    }
    const [last] = (await activities(made.id)).data;
    expect(last.attempts).toHaveLength(WEBHOOK_RETRY_DELAYS.length + 1);
    expect(last).toMatchObject({ status: 'failure', nextAttemptAt: null });
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([test.event.id]));
    // One job per attempt, each finished; none left to run.
    const attempts = (await s.app.jobs.list<{ activityId: string }>(DELIVER_JOB)).filter((j) => j.data.activityId === last.id);
    expect(attempts.map((j) => j.state)).toEqual(Array(WEBHOOK_RETRY_DELAYS.length + 1).fill('completed'));
  });

  it('resends a delivery as a new one of the same event, once', async () => {
    const made = (await newWebhook()).json;
    await only(made.id);
    receiver.answer((res) => res.writeHead(500).end());
    const first = (await s.request('POST', `/v1/publisher/webhooks/${made.id}/test`, { token: owner })).json;
    await drain();
    receiver.answer((res) => res.writeHead(200).end('ok'));
    const again = await s.request('POST', `/v1/publisher/webhooks/${made.id}/activities/${first.id}`, { token: owner });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ status: 'created', event: first.event, resent: false });
    await drain();
    const log = (await activities(made.id)).data;
    expect(log.find((a: { id: string }) => a.id === first.id)).toMatchObject({ resent: true, nextAttemptAt: null });
    expect(log.find((a: { id: string }) => a.id === again.json.id)).toMatchObject({ status: 'delivered' });
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([first.event.id, first.event.id]);
    expect(receiver.received[0]!.body).toBe(receiver.received[1]!.body);
    const twice = await s.request('POST', `/v1/publisher/webhooks/${made.id}/activities/${first.id}`, { token: owner });
    expect(twice.status).toBe(409);
    expect(twice.json.error).toBe('This delivery was already resent.');
    expect((await s.request('POST', `/v1/publisher/webhooks/${made.id}/activities/nope`, { token: owner })).status).toBe(404);
    expect((await s.request('POST', `/v1/publisher/webhooks/${made.id}/activities/${again.json.id}`, { token: viewer })).status).toBe(403);
    // The retries of the resent delivery stopped.
    await setNow(Date.now() + 3_600_000);
    await drain();
    expect(receiver.received).toHaveLength(2);
  });

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
    const made = (await newWebhook()).json;
    await only(made.id);
    const rotated = (await s.request('POST', `/v1/publisher/webhooks/${made.id}/secret`, { token: owner })).json;
    expect(rotated.secret).not.toBe(made.secret);
    expect(Date.parse(rotated.previousSecretUntil) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    await s.request('POST', `/v1/publisher/webhooks/${made.id}/test`, { token: owner });
    await drain();
    const during = receiver.received[0]!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [made.secret, rotated.secret])
      expect(() => new Verifier(secret).verify(during.body, during.headers as Record<string, string>)).not.toThrow();
    await setNow(Date.now() + 24 * 3_600_000 + 60_000);
    await s.request('POST', `/v1/publisher/webhooks/${made.id}/test`, { token: owner });
    await drain();
    const after = receiver.received[1]!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Verifier(rotated.secret).verify(after.body, after.headers as Record<string, string>)).not.toThrow();
    expect(() => new Verifier(made.secret).verify(after.body, after.headers as Record<string, string>)).toThrow();
    expect((await s.request('GET', `/v1/publisher/webhooks/${made.id}/secret`, { token: owner })).json).toEqual({
      secret: rotated.secret,
      previousSecretUntil: null,
    });
  });

  it('turns off an endpoint failing for 5 days and mails the owners; turning it back on starts afresh', async () => {
    const made = (await newWebhook({ label: 'Flaky' })).json;
    await only(made.id);
    receiver.answer((res) => res.writeHead(500).end());
    await s.request('POST', `/v1/publisher/webhooks/${made.id}/test`, { token: owner });
    await drain();
    expect((await s.request('GET', `/v1/publisher/webhooks/${made.id}`, { token: owner })).json.failingSince).not.toBeNull();
    await setNow(clock.now() + 5 * 86_400_000);
    await s.request('POST', `/v1/publisher/webhooks/${made.id}/test`, { token: owner });
    await drain();
    const hook = (await s.request('GET', `/v1/publisher/webhooks/${made.id}`, { token: owner })).json;
    expect(hook.enabled).toBe(false);
    const mails = await s.app.jobs.list<{ subject: string }>(MAIL_JOB);
    const notice = mails.find((m) => String(m.data.subject).includes('Flaky'));
    expect(notice?.data).toMatchObject({ to: 'olivia.bennett@northwind.example', subject: 'Your webhook “Flaky” was turned off' });
    // While off, events are not delivered to it.
    await buyJira();
    receiver.received.length = 0;
    await drain();
    expect(receiver.received).toHaveLength(0);
    // Nor a test event or a resend: 409, nothing queued.
    const refused = await s.request('POST', `/v1/publisher/webhooks/${made.id}/test`, { token: owner });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe('This webhook is turned off: turn it on to send it events.');
    const [firstDelivery] = (await activities(made.id)).data.slice(-1);
    expect((await s.request('POST', `/v1/publisher/webhooks/${made.id}/activities/${firstDelivery.id}`, { token: owner })).status).toBe(409);
    const on = await s.request('POST', `/v1/publisher/webhooks/${made.id}/enabled`, { token: owner, body: { enabled: true } });
    expect(on.json).toMatchObject({ enabled: true, failingSince: null });
  });
});

describe('the address rules (no server-side request forgery)', () => {
  let strict: TestServer;
  let token: string;
  beforeAll(async () => {
    strict = await startServer();
    token = await strict.signIn('owner');
  });
  afterAll(() => strict?.close());

  it.each([
    ['http://', 'http://hooks.example.com/x'],
    ['loopback', 'https://127.0.0.1/x'],
    ['loopback by name', 'https://localhost:8443/x'],
    ['private 10/8', 'https://10.1.2.3/x'],
    ['private 192.168/16', 'https://192.168.1.10/x'],
    ['private 172.16/12', 'https://172.20.0.5/x'],
    ['link-local (cloud metadata)', 'https://169.254.169.254/latest/meta-data'],
    ['multicast', 'https://224.0.0.251/x'],
    ['unspecified', 'https://0.0.0.0/x'],
    ['IPv6 loopback', 'https://[::1]/x'],
    ['IPv6 unique local', 'https://[fd00::1]/x'],
    ['IPv6 link-local', 'https://[fe80::1]/x'],
    ['IPv4-mapped IPv6', 'https://[::ffff:127.0.0.1]/x'],
    ['decimal IPv4', 'https://2130706433/x'],
    ['IPv4-compatible IPv6 (::/96)', 'https://[::127.0.0.1]/x', 'The webhook url must be on a public address: ::7f00:1 is ::7f00:1, which is not.'],
    ['IPv4-compatible IPv6 of a public address', 'https://[::8.8.8.8]/x', 'The webhook url must be on a public address: ::808:808 is ::808:808, which is not.'],
    [
      'NAT64 to a private address',
      'https://[64:ff9b::a00:1]/x',
      'The webhook url must be on a public address: 64:ff9b::a00:1 is 64:ff9b::a00:1, which is not.',
    ],
    ['NAT64 local-use prefix', 'https://[64:ff9b:1::a00:1]/x'],
    ['6to4 of loopback', 'https://[2002:7f00:1::]/x', 'The webhook url must be on a public address: 2002:7f00:1:: is 2002:7f00:1::, which is not.'],
    ['Teredo', 'https://[2001::1]/x'],
    ['IPv6 documentation', 'https://[2001:db8::1]/x'],
    ['port 0', 'https://93.184.215.14:0/x', "The webhook url's port 0 is not allowed: use 443, or a port from 1024 to 65535."],
    ['port 22', 'https://93.184.215.14:22/x', "The webhook url's port 22 is not allowed: use 443, or a port from 1024 to 65535."],
    ['port 80', 'https://93.184.215.14:80/x'],
    ['port 1023', 'https://93.184.215.14:1023/x'],
  ])('refuses %s at save', async (_, url, message?: string) => {
    const res = await strict.request('POST', '/v1/publisher/webhooks', { token, body: { label: 'x', enabled: true, url, for: ['app.purchase.created'] } });
    expect(res.status).toBe(400);
    expect(res.json.fields[0].path).toBe('url');
    if (message) expect(res.json.fields[0].message).toBe(message);
  });

  it.each([
    'https://93.184.215.14/hooks',
    'https://93.184.215.14:443/hooks',
    'https://93.184.215.14:1024/hooks',
    'https://93.184.215.14:8080/hooks',
    'https://93.184.215.14:65535/hooks',
    'https://[2606:4700:4700::1111]/hooks',
  ])('accepts a public address: %s', async (url) => {
    const res = await strict.request('POST', '/v1/publisher/webhooks', { token, body: { label: 'x', enabled: true, url, for: ['app.purchase.created'] } });
    expect(res.status, res.text).toBe(201);
  });

  it('applies the same rules to the publisher profile’s webhook link', async () => {
    const me = (await strict.request('GET', '/v1/publisher', { token })).json;
    const body = { name: me.name, tosLink: me.tosLink, privacyLink: me.privacyLink };
    const res = await strict.request('PUT', '/v1/publisher', { token, body: { ...body, webhookLink: 'https://localhost/hooks' } });
    expect(res.status).toBe(400);
    expect(res.json.fields[0]).toMatchObject({ path: 'webhookLink' });
    expect((await strict.request('PUT', '/v1/publisher', { token, body: { ...body, webhookLink: 'https://93.184.215.14/hooks' } })).status).toBe(200);
  });

  it.each([
    ['a name resolving to 127.0.0.1', (port: number) => `http://localhost:${port}/hooks`],
    ['a literal loopback address', (port: number) => `http://127.0.0.1:${port}/hooks`],
    ['https to a private address', (port: number) => `https://127.0.0.1:${port}/hooks`],
    ['an IPv4-compatible IPv6 address (::/96)', (port: number) => `https://[::127.0.0.1]:${port}/hooks`],
    ['an IPv4-mapped IPv6 address', (port: number) => `https://[::ffff:127.0.0.1]:${port}/hooks`],
    ['NAT64 to a private address', (port: number) => `https://[64:ff9b::a00:1]:${port}/hooks`],
    ['6to4 of loopback', (port: number) => `https://[2002:7f00:1::]:${port}/hooks`],
    // A public address (nothing listens there for this test): refused for the port, before any connection.
    ['port 0 of a public address', () => 'https://93.184.215.14:0/hooks'],
    ['port 22 of a public address', () => 'https://93.184.215.14:22/hooks'],
    ['port 80 of a public address', () => 'https://93.184.215.14:80/hooks'],
  ])('refuses %s when connecting, even when the url got past the save', async (_, urlOf) => {
    const id = `ssrf${Math.random().toString(16).slice(2, 14)}`;
    await strict.app.db.insert(webhooks).values({
      id,
      publisherId: northwind,
      label: 'sneaky',
      url: urlOf(receiver.port),
      events: ['app.purchase.created'],
      secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
    });
    await strict.request('POST', `/v1/publisher/webhooks/${id}/test`, { token });
    while (await deliverNext(strict.app.webhookDeliveries()));
    expect(receiver.received).toHaveLength(0);
    const [a] = await strict.app.db.select().from(webhookActivities).where(eq(webhookActivities.webhookId, id));
    expect(a!.status).toBe('failure');
    expect(a!.responseBody).toMatch(/^Not sent: /);
  });
});
