import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { PageLoader } from '../../components/PageLoader';
import { GoHome, ResultPage } from '../../components/ResultPage';
import { useCompleteStripeConnection } from './api';
import { takeStripeState } from './stripe-state';
import { infoText } from './strings';
import { toast } from '../../lib/toast';

/**
 * /publisher/oauth/stripe, where the payment provider sends the person back: the state this browser
 * stored must match, then the code completes the connection and the profile shows it. Anything else is
 * the 500 'Internal Error' page with Go Home (SPEC §2).
 */
export function StripeReturn({ code, state }: { code: string; state: string }) {
  const navigate = useNavigate();
  const { mutate } = useCompleteStripeConnection();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!code || !takeStripeState(state)) return setFailed(true);
    mutate(
      { code, state },
      {
        // Said once it is done, and what it means (the profile then shows the account).
        onSuccess: () => {
          toast.success(infoText.connected);
          void navigate({ to: '/publisher/info', replace: true });
        },
        onError: () => setFailed(true),
      },
    );
  }, [code, state, navigate, mutate]);
  if (failed) return <ResultPage status={500} title={infoText.internalError} action={<GoHome onClick={() => void navigate({ to: '/publisher/apps' })} />} />;
  return <PageLoader label={infoText.connecting} />;
}
