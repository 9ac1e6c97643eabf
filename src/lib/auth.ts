import { createActor, type ActorRefFrom } from 'xstate';
import { authMachine, bearerToken, type Session } from '../../machines/auth';
import { codeChallenge, randomString } from './pkce';
import { sessionStore } from './session-store';

export type AuthDeps = {
  storage: Storage;
  now: () => number;
  /** Full-page navigation (to the cloud authorize URL). */
  redirect: (url: string) => void;
  /** Navigation inside the SPA. */
  navigate: (to: string) => void;
  /** Revokes the token on the server (best effort). */
  revoke: (token: string) => Promise<unknown>;
  /** Where and as whom to ask for sign-in. */
  authorize: () => Promise<{ authorizeUrl: string; clientId: string }>;
  origin: string;
};

export const CALLBACK_PATH = '/oauth/callback';

/** Builds the authorize URL: client_id, scope marketplace, redirect_uri, state and the PKCE challenge. */
export async function authorizeUrlFor(deps: AuthDeps, returnTo: string): Promise<string> {
  const { authorizeUrl, clientId } = await deps.authorize();
  const state = randomString(16);
  const verifier = randomString(32);
  sessionStore.saveState(state, { returnTo, verifier }, deps.storage);
  const url = new URL(authorizeUrl, deps.origin);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    scope: 'marketplace',
    redirect_uri: deps.origin + CALLBACK_PATH,
    state,
    code_challenge: await codeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/** The auth machine with the browser's implementations of its named actions. */
export function createAuth(deps: AuthDeps) {
  const machine = authMachine.provide({
    actions: {
      beginSignIn: (_, { returnTo }) => {
        void authorizeUrlFor(deps, returnTo).then(deps.redirect, () => deps.navigate('/oauth/callback?error=authorize'));
      },
      persistSession: (_, { session }: { session: Session }) => sessionStore.save(session, deps.storage),
      forgetSession: (_, { session }) => {
        sessionStore.clear(deps.storage);
        if (session) void deps.revoke(session.token).catch(() => undefined);
      },
      navigate: (_, { to }) => deps.navigate(to),
    },
  });
  const actor = createActor(machine, { input: { session: sessionStore.load(deps.storage), now: deps.now() } });
  actor.start();
  return {
    actor,
    /** The token for a request, only while it is unexpired. */
    token: () => bearerToken(actor.getSnapshot().context.session, deps.now()),
  };
}
export type Auth = ReturnType<typeof createAuth>;
export type AuthActor = ActorRefFrom<typeof authMachine>;
