// @vitest-environment jsdom
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { authMachine, type AuthEvent } from '../../machines/auth';
import { createAuth, type AuthDeps } from '../../src/lib/auth';
import { transitionTour } from './coverage';

/**
 * Model-based tests of sign-in: every path the auth machine allows is replayed against the SPA's real
 * auth controller (local storage, PKCE and state, redirects, navigation), and each state's effects are
 * checked. Two models: starting without a session and with an unexpired one.
 */
const NOW = 1_800_000_000_000;
const ORIGIN = 'http://portal.test';
const stored = { returnTo: '/publisher/profile?tab=1', verifier: 'v'.repeat(43) };

const events: AuthEvent[] = [
  { type: 'SIGN_IN', returnTo: '/publisher/profile' },
  { type: 'UNAUTHORIZED', returnTo: '/publisher/apps?page=2' },
  { type: 'CALLBACK', code: 'code-1', state: 'known', stored },
  { type: 'CALLBACK', code: 'code-1', state: 'unknown', stored: null },
  { type: 'EXCHANGE_OK', token: 'token-abc', expiresIn: 3600, now: NOW },
  { type: 'EXCHANGE_FAILED', error: 'invalid_grant' },
  { type: 'ACCOUNT_LOADED', isRegistered: true },
  { type: 'ACCOUNT_LOADED', isRegistered: false },
  { type: 'ACCOUNT_MISSING' },
  { type: 'REGISTERED' },
  { type: 'GO_HOME' },
  { type: 'SIGN_OUT' },
];

/** How often the state checks ran: xstate/graph calls a check only for the keys that match a state. */
const checks = { count: 0, signedOut: 0 };
afterAll(() => {
  expect(checks.count).toBeGreaterThan(100);
  expect(checks.signedOut).toBeGreaterThan(0);
});

function sut(withSession: boolean) {
  localStorage.clear();
  if (withSession) {
    localStorage.setItem('portal.token', 'stored-token');
    localStorage.setItem('portal.expiresAt', String(NOW + 60_000));
  }
  const deps: AuthDeps = {
    storage: localStorage,
    now: () => NOW,
    redirect: vi.fn(),
    navigate: vi.fn(),
    revoke: vi.fn(async () => undefined),
    authorize: async () => ({ authorizeUrl: '/dev-auth/authorize', clientId: 'marketplace-portal' }),
    origin: ORIGIN,
  };
  return { deps, auth: createAuth(deps), last: { event: undefined as AuthEvent | undefined, token: undefined as string | undefined, redirects: 0 } };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

for (const withSession of [false, true]) {
  const serialize = (s: { value: unknown; context: unknown }) => JSON.stringify([s.value, s.context]);
  const model = createTestModel(authMachine, {
    events,
    input: { session: withSession ? { token: 'stored-token', expiresAt: NOW + 60_000 } : null, now: NOW },
    serializeState: serialize as never,
  });
  describe(`auth model, ${withSession ? 'with' : 'without'} a stored session`, () => {
    const paths = transitionTour(model, serialize);
    it('has paths to walk', () => expect(paths.length).toBeGreaterThan(5));
    for (const path of paths) {
      it(path.description, async () => {
        const s = sut(withSession);
        const send = async (step: { event: AuthEvent }) => {
          s.last.event = step.event;
          s.last.token = s.auth.token();
          s.last.redirects = (s.deps.redirect as ReturnType<typeof vi.fn>).mock.calls.length;
          s.auth.actor.send(step.event);
          await flush();
        };
        await path.test({
          events: Object.fromEntries(events.map((e) => [e.type, send])) as never,
          states: {
            // Every state: '#auth' (the root) matches them all, where '*' would only run for a state no other
            // key matches. `booting` is transient: the model passes through it, the actor never rests there.
            '#auth': (state: { value: unknown }) => {
              checks.count++;
              if (state.value !== 'booting') expect(s.auth.actor.getSnapshot().value).toEqual(state.value);
            },
            '#auth.signedOut': () => expect(s.auth.token()).toBeUndefined(),
            '#auth.signedOut.farewell': () => {
              checks.signedOut++;
              // SIGN_OUT revokes the session it ends (none when there was none).
              if (s.last.event?.type === 'SIGN_OUT' && s.last.token) expect(s.deps.revoke).toHaveBeenCalledWith(s.last.token);
              expect(localStorage.getItem('portal.token')).toBeNull();
              expect(localStorage.getItem('portal.expiresAt')).toBeNull();
            },
            '#auth.redirecting': async () => {
              const e = s.last.event as Extract<AuthEvent, { returnTo: string }>;
              const redirect = s.deps.redirect as ReturnType<typeof vi.fn>;
              // PKCE hashing is asynchronous: the redirect follows the transition shortly.
              await vi.waitFor(() => expect(redirect.mock.calls.length).toBe(s.last.redirects + 1));
              const url = new URL(redirect.mock.calls.at(-1)![0] as string);
              expect(url.pathname).toBe('/dev-auth/authorize');
              expect(url.searchParams.get('client_id')).toBe('marketplace-portal');
              expect(url.searchParams.get('scope')).toBe('marketplace');
              expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/oauth/callback`);
              expect(url.searchParams.get('code_challenge_method')).toBe('S256');
              expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
              const pending = JSON.parse(localStorage.getItem(`portal.oauth-state.${url.searchParams.get('state')}`)!);
              expect(pending.returnTo).toBe(e.returnTo);
              expect(s.auth.token()).toBeUndefined();
            },
            '#auth.exchanging': () => expect(s.auth.actor.getSnapshot().context.returnTo).toBe(stored.returnTo),
            '#auth.failed': () => {
              expect(s.auth.actor.getSnapshot().context.error).toBe('Invalid oAuth state while attempting to authorize you.');
            },
            '#auth.signedIn': () => {
              const token = s.auth.token();
              expect(token).toBeDefined();
              if (token === 'token-abc') {
                expect(localStorage.getItem('portal.token')).toBe('token-abc');
                expect(Number(localStorage.getItem('portal.expiresAt'))).toBe(NOW + 3_600_000);
                expect(s.deps.navigate).toHaveBeenCalledWith(stored.returnTo);
              }
            },
          },
        });
      });
    }
  });
}
