import { Button } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ResultPage } from '../../components/ResultPage';
import { authText } from './strings';

/** /sign-out: revokes and clears the stored session, then says so. */
export function SignOutPage() {
  const { auth } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  useEffect(() => {
    auth.actor.send({ type: 'SIGN_OUT' });
    queryClient.clear();
  }, [auth, queryClient]);
  return (
    <main>
      <ResultPage
        title={authText.signedOut}
        action={<Button onClick={() => auth.actor.send({ type: 'SIGN_IN', returnTo: '/publisher/apps' })}>{authText.signInAgain}</Button>}
      />
    </main>
  );
}
