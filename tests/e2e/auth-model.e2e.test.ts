import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { INVALID_STATE_TEXT, authMachine, type AuthEvent } from '../../machines/auth';
import { ModelCoverage, transitionTour } from '../model/coverage';
import { developers, publishers } from '../../server/db/schema';
import { demoUsers } from '../../server/dev/seed/seed-data';
import { signUpPublisher, startPortal, E2E_WAIT_MS } from './browser';

/**
 * The auth machine's tour, through the real pages in Chromium: the embedded authorization server's page,
 * the real /oauth/callback and its exchange with the server, the registration gate, sign-up, sign-out and
 * the 403 page. Each event of a generated path is done as a user (or the server) does it; after each step
 * the browser must show the machine's state. The SPA raises some events itself (the exchange's outcome,
 * the account's load): for those the step waits for what the user then sees. Two models: no session, and
 * a stored unexpired session.
 */
type Snap = SnapshotFrom<typeof authMachine>;
const NOW = 1_800_000_000_000;
const stored = { returnTo: '/publisher/profile', verifier: 'v'.repeat(43) };

/** What a user can do (or the SPA does by itself) in each state: the events of the model. */
const eventsIn = (snapshot: Snap): AuthEvent[] => {
  const all: AuthEvent[] = [
    { type: 'UNAUTHORIZED', returnTo: '/publisher/profile' },
    { type: 'SIGN_IN', returnTo: '/publisher/apps' },
    { type: 'CALLBACK', code: 'c', state: 'known', stored },
    { type: 'CALLBACK', code: 'c', state: 'unknown', stored: null },
    { type: 'EXCHANGE_OK', token: 't', expiresIn: 3600, now: NOW },
    { type: 'EXCHANGE_FAILED', error: 'invalid_grant' },
    { type: 'ACCOUNT_MISSING' },
    { type: 'ACCOUNT_LOADED', isRegistered: true },
    { type: 'ACCOUNT_LOADED', isRegistered: false },
    { type: 'REGISTERED' },
    { type: 'GO_HOME' },
    { type: 'SIGN_OUT' },
  ];
  return all.filter((e) => {
    // SIGN_IN is the Sign in again button of the Signed out page; a known CALLBACK comes from the
    // authorization page (redirecting); an unknown one can be typed anywhere.
    if (e.type === 'SIGN_IN') return snapshot.matches({ signedOut: 'farewell' });
    if (e.type === 'CALLBACK' && e.stored) return snapshot.matches('redirecting');
    return snapshot.can(e);
  });
};
/** Where a path first replaces the stored session (a sign-in, a sign-out, a rejected token). */
const sessionChange = (events: AuthEvent[]) => {
  const i = events.findIndex((e) => (e.type === 'CALLBACK' && e.stored) || e.type === 'SIGN_OUT' || e.type === 'UNAUTHORIZED');
  return i < 0 ? undefined : i;
};
const serialize = (s: Snap) => JSON.stringify([s.value, s.context.session !== null, s.context.error !== '']);

let portal: Awaited<ReturnType<typeof startPortal>>;
const coverage = new ModelCoverage('auth', authMachine, 'ui');
beforeAll(async () => {
  portal = await startPortal();
});
// A path may sign up the demo's unregistered publisher (Tomás): it is unregistered again for the next.
afterEach(async () => {
  const [dev] = await portal.server.app.db.select({ publisherId: developers.publisherId }).from(developers).where(eq(developers.id, demoUsers.unregistered.id));
  if (dev?.publisherId) await portal.server.app.db.update(publishers).set({ isRegistered: false }).where(eq(publishers.id, dev.publisherId));
});
afterAll(async () => {
  coverage.report();
  await portal?.close();
});

/** The stored token, read once the page has settled (a step may still be navigating: Home, a redirect). */
async function tokenIn(page: Page): Promise<string | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.waitForLoadState();
      return await page.evaluate(() => localStorage.getItem('portal.token'));
    } catch (e) {
      if (attempt > 10 || !String(e).includes('Execution context was destroyed')) throw e;
    }
  }
}
let newcomers = 0;

/** Waits until the browser shows `state` (the check of each state, also the step's synchronization). */
async function expectShown(page: Page, state: Snap, label: string) {
  const path = () => new URL(page.url()).pathname;
  if (state.matches('redirecting')) {
    await page.waitForURL(/\/dev-auth\/authorize/);
  } else if (state.matches('failed')) {
    await page.getByText(INVALID_STATE_TEXT).waitFor();
    expect(path(), label).toBe('/oauth/callback');
  } else if (state.matches({ signedOut: 'farewell' })) {
    await page.getByText('Successfully Signed out!').waitFor();
    expect(await tokenIn(page), label).toBeNull();
  } else if (state.matches({ signedIn: 'registered' })) {
    await page.getByRole('navigation', { name: 'Publisher' }).waitFor();
    // After a sign-up the SPA leaves the sign-up page by itself, a moment after the sidebar is known.
    await page.waitForURL((u) => u.pathname !== '/publisher/register', { timeout: E2E_WAIT_MS }).catch(() => undefined);
    expect(path(), label).not.toBe('/publisher/register');
    expect(await tokenIn(page), label).not.toBeNull();
  } else if (state.matches({ signedIn: 'unregistered' })) {
    await page
      .waitForURL((u) => u.pathname === '/publisher/register', { timeout: E2E_WAIT_MS })
      .catch(() => {
        throw new Error(`${label}: expected the sign-up page, at ${page.url()}`);
      });
    await page.getByRole('heading', { name: 'Publisher Sign Up' }).waitFor();
    expect(await tokenIn(page), label).not.toBeNull();
  } else if (state.matches('exchanging')) {
    // The SPA leaves this by itself: the callback page was reached.
    await page.waitForURL((u) => u.pathname !== '/dev-auth/authorize');
  } else if (state.matches({ signedIn: 'loading' })) {
    // The exchange succeeded: the session is stored (the SPA then loads the account by itself).
    await expect.poll(() => tokenIn(page), { timeout: E2E_WAIT_MS }).not.toBeNull();
  } else if (state.matches({ signedOut: 'idle' })) {
    expect(await tokenIn(page), label).toBeNull();
  }
}

/** The authorization page: who signs in, chosen by what the path does next with the account. */
async function authorize(page: Page, then: AuthEvent | undefined, failExchange: boolean) {
  await page.waitForURL(/\/dev-auth\/authorize/);
  if (failExchange) {
    // The server refuses the exchange of a code it did not issue.
    await page.route('**/v1/oauth/exchange', (route) =>
      route.continue({ postData: JSON.stringify({ ...JSON.parse(route.request().postData() ?? '{}'), code: 'not-a-code' }) }),
    );
  }
  if (then?.type === 'ACCOUNT_MISSING') {
    newcomers += 1;
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill(`Hopper ${newcomers}`);
    await page.getByLabel('Email').fill(`grace.${newcomers}.${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Create and sign in' }).click();
  } else {
    await page.getByRole('button', { name: then?.type === 'ACCOUNT_LOADED' && !then.isRegistered ? /Tomás Alvarez/ : /Olivia Bennett/ }).click();
  }
}

const signUp = (page: Page) =>
  signUpPublisher(page, {
    name: `Hopper Labs ${newcomers}`,
    city: 'Arlington',
    state: 'Virginia',
    country: 'United States',
    site: 'https://hopper.example',
    username: `grace${newcomers}`,
  });

/** `page.goto`, again if a navigation the page started by itself interrupted it. */
async function gotoFirmly(page: Page, url: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.goto(url);
      return;
    } catch (e) {
      const aborted = String(e).includes('ERR_ABORTED') || String(e).includes('interrupted by another navigation');
      if (!aborted || attempt >= 3) throw e;
      await page.waitForLoadState('load').catch(() => undefined);
    }
  }
}

async function perform(page: Page, before: Snap, event: AuthEvent, rest: AuthEvent[]) {
  const base = portal.server.base;
  switch (event.type) {
    case 'UNAUTHORIZED':
      if (before.matches('signedIn')) {
        // The session ends on the server (revoked elsewhere): the next call answers 401.
        const token = await tokenIn(page);
        await portal.server.request('DELETE', '/v1/oauth/session', { token: token! });
      }
      // The SPA may leave the page for the sign-in before it has loaded: that is the point. So wait
      // only for the document to arrive (a 'load' of a page that navigates away on its own may never
      // be reported); expectShown then waits for where the SPA goes.
      return void (await page.goto(`${base}/publisher/profile`, { waitUntil: 'commit' }).catch((e: Error) => {
        if (!e.message.includes('ERR_ABORTED') && !e.message.includes('interrupted by another navigation')) throw e;
      }));
    case 'SIGN_IN':
      return page.getByRole('button', { name: 'Sign in again' }).click();
    case 'CALLBACK':
      if (!event.stored) return gotoFirmly(page, `${base}/oauth/callback?code=x&state=unknown`);
      return authorize(
        page,
        rest.find((e) => e.type.startsWith('ACCOUNT_')),
        rest[0]?.type === 'EXCHANGE_FAILED',
      );
    case 'REGISTERED':
      return signUp(page);
    case 'GO_HOME':
      // Home is the apps list: signed out, the SPA then leaves for the sign-in page by itself. Wait until it
      // has arrived somewhere, or that late navigation would abort the next step's own.
      await page.getByRole('button', { name: 'Go Home' }).click();
      await expect
        .poll(
          async () =>
            page.url().includes('/dev-auth/authorize') ||
            new URL(page.url()).pathname === '/publisher/register' ||
            (await page
              .getByRole('navigation', { name: 'Publisher' })
              .isVisible()
              .catch(() => false)),
          { timeout: E2E_WAIT_MS },
        )
        .toBe(true);
      return void (await page.waitForLoadState('load').catch(() => undefined));
    case 'SIGN_OUT':
      return gotoFirmly(page, `${base}/sign-out`);
    // Raised by the SPA itself: nothing to do but see where it goes.
    case 'EXCHANGE_OK':
    case 'EXCHANGE_FAILED':
    case 'ACCOUNT_LOADED':
    case 'ACCOUNT_MISSING':
      return;
  }
}

for (const withSession of [false, true]) {
  const input = { session: withSession ? { token: 'stored', expiresAt: NOW + 3_600_000 } : null, now: NOW };
  const model = createTestModel(authMachine, { events: eventsIn as never, input, serializeState: serialize as never });
  const paths = (transitionTour(model, serialize) as { steps: { event: AuthEvent }[] }[])
    .map((p) => p.steps.map((st) => st.event).filter((e) => !e.type.startsWith('xstate.')))
    // xstate/graph adds every event type the machine names (without payload) to those of `eventsIn`:
    // keep only the paths made of what a user can do in each state.
    .filter((events) => {
      let state = getInitialSnapshot(authMachine, input);
      return events.every((e) => {
        const ok = eventsIn(state).some((offered) => JSON.stringify(offered) === JSON.stringify(e));
        state = getNextSnapshot(authMachine, state, e);
        return ok;
      });
    })
    // With a stored session, the session is Olivia's (registered): paths about another kind of stored
    // account are the SPA controller's model test's (tests/model/auth.test.ts).
    .filter(
      (events) =>
        !withSession || !events.slice(0, sessionChange(events)).some((e) => e.type === 'ACCOUNT_MISSING' || (e.type === 'ACCOUNT_LOADED' && !e.isRegistered)),
    )
    .filter(
      (events, i, all) =>
        events.length > 0 &&
        !all.some((other, j) => j !== i && other.length > events.length && events.every((e, k) => JSON.stringify(other[k]) === JSON.stringify(e))),
    );

  describe(`sign-in in Chromium, ${withSession ? 'with' : 'without'} a stored session`, () => {
    it('has generated paths', () => expect(paths.length).toBeGreaterThan(5));
    for (const events of paths) {
      it(
        events
          .map((e) => e.type + ('isRegistered' in e ? `(${e.isRegistered})` : '') + (e.type === 'CALLBACK' ? `(${e.stored ? 'known' : 'unknown'})` : ''))
          .join(' → '),
        async () => {
          const page = await portal.page();
          let state = getInitialSnapshot(authMachine, input);
          if (withSession) {
            // A stored session: Olivia signed in before (a session made over HTTP, stored as the SPA stores it,
            // once per tab: a later sign-out stays signed out), then the SPA starts. Signing in through the pages is
            // what the paths without a stored session walk.
            const token = await portal.server.signIn('owner');
            await page.addInitScript(
              ([t, expiresAt]) => {
                if (sessionStorage.getItem('test.seeded')) return;
                sessionStorage.setItem('test.seeded', '1');
                localStorage.setItem('portal.token', t!);
                localStorage.setItem('portal.expiresAt', expiresAt!);
              },
              [token, String(Date.now() + 3_600_000)],
            );
            await page.goto(`${portal.server.base}/publisher/apps`);
          } else {
            await page.goto(`${portal.server.base}/sign-out`);
            await page.evaluate(() => localStorage.clear());
          }
          coverage.visit(state, [authMachine.root.states.booting!]);
          for (const [i, event] of events.entries()) {
            const next = getNextSnapshot(authMachine, state, event);
            await perform(page, state, event, events.slice(i + 1));
            await expectShown(page, next, `${event.type} in ${JSON.stringify(state.value)}`);
            // GO_HOME passes through booting: record the eventless transition it takes.
            coverage.step(state, event, next);
            state = next;
          }
          await page.context().close();
        },
      );
    }
  });
}
