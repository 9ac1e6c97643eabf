import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthClients } from '../../server/db/schema';
import { startServer, type TestServer } from '../harness';
import { expectNoAxeViolations, launchChromium } from './browser';

/**
 * A registered client's sign-in in Chromium, as Rocket.Chat's Apps CLI runs it: the person reads who asks
 * and what for, picks a cloud user, and the browser lands on the client's local callback (another origin
 * than the portal's, which the page's form-action must allow).
 */
let s: TestServer;
let browser: Browser;
let callbackServer: Server;
let callback: string;
/** What the callback received. */
const hits: URL[] = [];

beforeAll(async () => {
  callbackServer = createServer((req, res) => {
    hits.push(new URL(req.url ?? '/', callback));
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Signed in</title><p>You may close this page.</p>');
  });
  await new Promise<void>((r) => callbackServer.listen(0, '127.0.0.1', r));
  callback = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}/callback`;
  // Serving the built SPA: its fallback must leave the authorization server's paths alone.
  s = await startServer({ serveSpa: true });
  await s.app.db
    .insert(oauthClients)
    .values({ id: 'apps-cli-e2e', name: 'Rocket.Chat Apps CLI', redirectUris: [callback], scopes: ['offline_access', 'marketplace:app-submit'] });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await s?.close();
  callbackServer?.closeAllConnections();
  await new Promise((r) => callbackServer?.close(r));
});

function authorizeUrl() {
  const verifier = randomUUID() + randomUUID();
  const state = randomUUID();
  const query = new URLSearchParams({
    client_id: 'apps-cli-e2e',
    response_type: 'code',
    scope: 'offline_access marketplace:app-submit',
    redirect_uri: callback,
    state,
    code_challenge_method: 'S256',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
  });
  return { url: `${s.base}/authorize?${query}`, state, verifier };
}

describe('a registered client’s consent page in Chromium', () => {
  it('says who asks and what for, passes axe, and sends the browser to the client’s callback', async () => {
    const page = await (await browser.newContext()).newPage();
    const { url, state } = authorizeUrl();
    await page.goto(url);
    await page.getByRole('heading', { name: 'Rocket.Chat Apps CLI asks for access' }).waitFor();
    await page.getByText('Rocket.Chat Apps CLI wants to submit apps to the marketplace on your behalf and stay signed in').waitFor();
    await expectNoAxeViolations(page, 'consent page');
    await page.getByRole('button', { name: /Marcus Chen/ }).click();
    await page.waitForURL((u) => u.toString().startsWith(callback));
    // (Chromium also asks the callback's origin for a favicon.)
    const hit = hits.filter((h) => h.pathname === '/callback').at(-1)!;
    expect(hit.toString()).toBe(page.url());
    expect(hit.searchParams.get('state')).toBe(state);
    expect(hit.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('keeps the SPA fallback off the cloud paths', async () => {
    const page = await fetch(authorizeUrl().url);
    expect(await page.text()).toContain('Rocket.Chat Apps CLI asks for access');
    const unknown = await fetch(`${s.base}/api/oauth/userinfo`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe('not_found');
    // A client-side route still gets the SPA.
    expect(await (await fetch(`${s.base}/publisher/apps`)).text()).toContain('<div id="root">');
  });

  it('tells the client the person refused', async () => {
    const page = await (await browser.newContext()).newPage();
    const { url, state } = authorizeUrl();
    await page.goto(url);
    await page.getByRole('button', { name: 'Deny access' }).click();
    await page.waitForURL((u) => u.toString().startsWith(callback));
    const hit = new URL(page.url());
    expect(Object.fromEntries(hit.searchParams)).toMatchObject({ error: 'access_denied', state });
    expect(hit.searchParams.has('code')).toBe(false);
  });
});
