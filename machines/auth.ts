import { assign, setup } from 'xstate';

/**
 * The SPA's sign-in lifecycle. Pure (no invoke, no after): the SPA performs the effects through the
 * actions named in `setup` (swapped with `.provide()`), and reports their outcomes as events.
 *
 *   booting ─(valid token?)─► signedIn.loading ─ACCOUNT_LOADED/ACCOUNT_MISSING─► registered | unregistered
 *      (the router reads `unregistered` and keeps the user on /publisher/register; REGISTERED ends it)
 *      └────────────────────► signedOut.idle ─SIGN_IN/UNAUTHORIZED─► redirecting (to the cloud authorize URL)
 *   CALLBACK (known state) ─► exchanging ─EXCHANGE_OK─► signedIn  |  EXCHANGE_FAILED / unknown state ─► failed (403 page)
 *   SIGN_OUT (anywhere) ─► signedOut.farewell ('Successfully Signed out!')
 */
export type Session = { token: string; expiresAt: number };
export type StoredState = { returnTo: string; verifier: string };

export type AuthContext = { session: Session | null; now: number; returnTo: string; error: string };
export type AuthInput = { session: Session | null; now: number };

export type AuthEvent =
  | { type: 'SIGN_IN'; returnTo: string }
  | { type: 'UNAUTHORIZED'; returnTo: string }
  | { type: 'CALLBACK'; code: string; state: string; stored: StoredState | null }
  | { type: 'EXCHANGE_OK'; token: string; expiresIn: number; now: number }
  | { type: 'EXCHANGE_FAILED'; error: string }
  | { type: 'ACCOUNT_LOADED'; isRegistered: boolean }
  | { type: 'ACCOUNT_MISSING' }
  | { type: 'REGISTERED' }
  | { type: 'GO_HOME' }
  | { type: 'SIGN_OUT' };

/** SPEC §8: the 403 page of a sign-in callback with an unknown state or a failed exchange. */
export const INVALID_STATE_TEXT = 'Invalid oAuth state while attempting to authorize you.';

/** A request carries the token only while it is unexpired (with 5 s of slack for the round trip). */
export const bearerToken = (session: Session | null, now: number): string | undefined =>
  session && session.expiresAt - 5_000 > now ? session.token : undefined;

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    input: {} as AuthInput,
    events: {} as AuthEvent,
  },
  guards: {
    hasValidToken: ({ context }) => bearerToken(context.session, context.now) !== undefined,
    knownState: ({ event }) => event.type === 'CALLBACK' && event.stored !== null && event.code !== '',
    isRegistered: ({ event }) => event.type === 'ACCOUNT_LOADED' && event.isRegistered,
  },
  actions: {
    /** Stores the return URL under a random state key (plus a PKCE verifier) and leaves for the authorize URL. */
    beginSignIn: (_, _params: { returnTo: string }) => {},
    /** Writes token and expiry to local storage. */
    persistSession: (_, _params: { session: Session }) => {},
    /** Revokes the token on the server and removes it from local storage. */
    forgetSession: (_, _params: { session: Session | null }) => {},
    /** Navigates to a URL inside the SPA. */
    navigate: (_, _params: { to: string }) => {},
    clearSession: assign({ session: null }),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ session: input.session, now: input.now, returnTo: '/publisher/apps', error: '' }),
  initial: 'booting',
  on: {
    CALLBACK: [
      {
        guard: 'knownState',
        target: '.exchanging',
        actions: assign({ returnTo: ({ event }) => (event.type === 'CALLBACK' && event.stored?.returnTo) || '/publisher/apps' }),
      },
      { target: '.failed', actions: assign({ error: INVALID_STATE_TEXT }) },
    ],
    SIGN_OUT: {
      target: '.signedOut.farewell',
      actions: [{ type: 'forgetSession', params: ({ context }) => ({ session: context.session }) }, 'clearSession'],
    },
  },
  states: {
    booting: {
      always: [{ guard: 'hasValidToken', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      initial: 'idle',
      states: { idle: {}, farewell: {} },
      on: {
        SIGN_IN: { target: 'redirecting', actions: { type: 'beginSignIn', params: ({ event }) => ({ returnTo: event.returnTo }) } },
        UNAUTHORIZED: { target: 'redirecting', actions: { type: 'beginSignIn', params: ({ event }) => ({ returnTo: event.returnTo }) } },
      },
    },
    redirecting: {},
    exchanging: {
      on: {
        EXCHANGE_OK: {
          target: 'signedIn',
          actions: [
            assign({ session: ({ event }) => ({ token: event.token, expiresAt: event.now + event.expiresIn * 1000 }), now: ({ event }) => event.now }),
            { type: 'persistSession', params: ({ context }) => ({ session: context.session! }) },
            { type: 'navigate', params: ({ context }) => ({ to: context.returnTo }) },
          ],
        },
        EXCHANGE_FAILED: { target: 'failed', actions: assign({ error: INVALID_STATE_TEXT }) },
      },
    },
    failed: {
      // Home re-checks the stored session: a failed callback does not end a session that is still valid.
      on: { GO_HOME: { target: 'booting', actions: { type: 'navigate', params: { to: '/publisher/apps' } } } },
    },
    signedIn: {
      initial: 'loading',
      on: {
        UNAUTHORIZED: {
          target: 'redirecting',
          actions: ['clearSession', { type: 'beginSignIn', params: ({ event }) => ({ returnTo: event.returnTo }) }],
        },
      },
      states: {
        loading: {
          on: {
            ACCOUNT_LOADED: [{ guard: 'isRegistered', target: 'registered' }, { target: 'unregistered' }],
            ACCOUNT_MISSING: { target: 'unregistered' },
          },
        },
        registered: {},
        unregistered: {
          on: { REGISTERED: { target: 'registered' } },
        },
      },
    },
  },
});
export type AuthMachine = typeof authMachine;
