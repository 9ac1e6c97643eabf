import { useSelector } from '@xstate/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { PageLoader } from '../../components/PageLoader';
import { GoHome, ResultPage } from '../../components/ResultPage';
import { toApiError } from '../../lib/api';
import { CALLBACK_PATH } from '../../lib/auth';
import { sessionStore } from '../../lib/session-store';
import { exchangeCode } from './api';
import { authText } from './strings';

/** /oauth/callback: the stored state must match, then the code is exchanged and the user goes back. */
export function CallbackPage({ code, state }: { code: string; state: string }) {
  const { auth } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const failed = useSelector(auth.actor, (s) => s.matches('failed'));
  const error = useSelector(auth.actor, (s) => s.context.error);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const stored = sessionStore.takeState(state);
    auth.actor.send({ type: 'CALLBACK', code, state, stored });
    if (!auth.actor.getSnapshot().matches('exchanging') || !stored) return;
    void exchangeCode({ code, redirectUri: window.location.origin + CALLBACK_PATH, codeVerifier: stored.verifier })
      .then((token) => {
        queryClient.clear();
        auth.actor.send({ type: 'EXCHANGE_OK', token: token.access_token, expiresIn: token.expires_in, now: Date.now() });
      })
      .catch((e: unknown) => auth.actor.send({ type: 'EXCHANGE_FAILED', error: toApiError(e).message }));
  }, [auth, code, state, queryClient]);

  if (failed) {
    return (
      <main>
        <ResultPage
          status={403}
          title={error}
          action={
            <GoHome
              onClick={() => {
                auth.actor.send({ type: 'GO_HOME' });
                void navigate({ to: '/publisher/apps' });
              }}
            />
          }
        />
      </main>
    );
  }
  return (
    <main>
      <PageLoader label={authText.signingIn} />
    </main>
  );
}
