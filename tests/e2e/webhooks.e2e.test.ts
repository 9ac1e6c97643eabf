import { createHash } from 'node:crypto';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidOf } from '../../server/dev/seed/seed';
import { startReceiver } from '../webhook-receiver';
import { expectNoAxeViolations, signInAs, startPortal, E2E_WAIT_MS } from './browser';

let portal: Awaited<ReturnType<typeof startPortal>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  // The delivery worker runs; the receiver is on this machine, so private addresses are allowed here.
  portal = await startPortal({ webhooks: { worker: true, timeoutSeconds: 5, allowPrivateNetworks: true } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await portal?.close();
});

const acmeHq = createHash('sha256').update('ws:acme-hq').digest('hex').slice(0, 24);

describe('webhooks in Chromium', () => {
  it('creates a webhook, sees a staff-made purchase delivered, reads its payload and resends it', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Olivia Bennett/, '/publisher/webhooks');
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Webhooks' }).getByText('Billing events').waitFor();
    await expectNoAxeViolations(page, 'webhooks list');
    // The demo's own webhook would take the event too: off, so this test's endpoint is the one that listens.
    await page.getByRole('button', { name: 'New Webhook' }).click();
    const drawer = page.getByRole('dialog', { name: 'New Webhook' });
    await drawer.getByLabel('Label').fill('Sales to my server');
    await drawer.getByLabel('Url').fill(receiver.url);
    expect(await drawer.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await drawer.getByRole('button', { name: /^Add .* · app\.purchase\.created$/ }).click();
    await expectNoAxeViolations(page, 'new webhook drawer');
    await drawer.getByRole('button', { name: 'Save' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    const secret = await secretDialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Close' }).first().click();
    await page.waitForURL((u) => /^\/publisher\/webhooks\/[0-9a-f]{24}$/.test(u.pathname));
    await page.getByRole('heading', { name: 'Sales to my server', level: 1 }).waitFor();
    await page.getByText('No deliveries yet').waitFor();
    await expectNoAxeViolations(page, 'webhook details');

    // Staff record a purchase of a Northwind app: the event reaches the endpoint, signed.
    const support = await portal.server.signIn('support');
    const made = await portal.server.request('POST', '/v1/admin/purchases', {
      token: support,
      body: {
        appId: uuidOf('app:Jira Connector'),
        workspaceId: acmeHq,
        externallyManaged: true,
        planId: '',
        seats: 0,
        addonTierId: '',
        periodEnd: new Date().toISOString(),
      },
    });
    expect(made.status).toBe(201);
    await expect.poll(() => receiver.received.length, { timeout: E2E_WAIT_MS }).toBe(1);
    const got = receiver.received[0]!;
    expect(() => new Verifier(secret).verify(got.body, got.headers as Record<string, string>)).not.toThrow();

    const log = page.getByRole('table', { name: 'Activity Logs' });
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return (await log.count()) > 0 ? log.getByRole('row').nth(1).textContent() : '';
        },
        { timeout: E2E_WAIT_MS, interval: 1000 },
      )
      .toContain('delivered');
    const row = log.getByRole('row').nth(1);
    const eventId = String(got.headers['webhook-id']);
    expect(await row.textContent()).toContain(eventId);
    expect(await row.textContent()).toContain('200');
    await row.getByRole('button', { name: /^View Payload/ }).click();
    const payload = page.getByRole('dialog', { name: 'Payload' });
    expect(await payload.getByRole('textbox', { name: 'Payload' }).inputValue()).toContain('"type": "app.purchase.created"');
    await payload.getByRole('button', { name: 'Close' }).first().click();
    await row.getByRole('button', { name: /^View server Response/ }).click();
    const response = page.getByRole('dialog', { name: 'Server Response' });
    expect(await response.getByRole('textbox', { name: 'Server response' }).inputValue()).toContain('"received": true');
    await response.getByRole('button', { name: 'Close' }).first().click();

    // Resend: a second delivery of the same event; the original's Resend is gone.
    await row.getByRole('button', { name: `Resend ${eventId}` }).click();
    await expect.poll(() => receiver.received.length, { timeout: E2E_WAIT_MS }).toBe(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(eventId);
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return log.getByRole('button', { name: `Resend ${eventId}` }).count();
        },
        { timeout: E2E_WAIT_MS, interval: 1000 },
      )
      .toBe(1);
    await expect.poll(() => log.getByText('Resent').count()).toBe(1);
    await page.context().close();
  });

  it('shows a publisher without webhooks the 403 Webhooks Disabled page with Request Access', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Lars Eriksen/, '/publisher/webhooks');
    await page.getByRole('heading', { name: 'Webhooks Disabled' }).waitFor();
    const link = page.getByRole('link', { name: 'Request Access' });
    expect(await link.getAttribute('href')).toMatch(/^mailto:marketplace@rocket\.chat\?subject=Webhooks%20for%20/);
    await expectNoAxeViolations(page, 'webhooks disabled');
    await page.context().close();
  });
});
