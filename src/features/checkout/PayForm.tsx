import { Button, Card, Flex } from '@radix-ui/themes';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CHECKOUT_MESSAGES } from '../../../contract/schemas/checkout';
import { toApiError } from '../../lib/api';
import { startCheckout, type StartInput } from './api';
import { ApiErrorNote } from '../../components/ApiErrorNote';
import type { OfferContext } from './OfferView';
import { goToPayment, inFrame } from './parent';
import { TermsField } from './TermsField';
import { checkoutText as T } from './strings';

/**
 * What is paid for, "I accept the terms" and Continue to payment: a checkout session, then the page goes to the
 * payment provider's page (the sandbox's card form, or Stripe Checkout), which sends the buyer back with `session`.
 * Inside Rocket.Chat's modal the provider's page opens in a tab of its own — Stripe Checkout refuses to be framed,
 * a payment page should not be framed anyway, and the frame keeps the token — and this page follows the session.
 */
export function PayForm({
  ctx,
  appId,
  input,
  summary,
  secondary,
}: {
  ctx: OfferContext;
  appId: string;
  input: StartInput;
  summary: ReactNode;
  secondary: ReactNode;
}) {
  const { offer, buyer, nav } = ctx;
  const [accepted, setAccepted] = useState(false);
  const [termsError, setTermsError] = useState<string>();
  const terms = useRef<HTMLButtonElement>(null);
  const start = useMutation({
    mutationFn: () => startCheckout(appId, buyer, input),
    onSuccess: (session) => {
      if (inFrame()) {
        const tab = window.open(session.url, '_blank');
        if (tab) tab.opener = null;
        nav.setSearch({ session: session.id, canceled: undefined });
        return;
      }
      goToPayment(session.url);
    },
    onError: (err) => {
      const fields = toApiError(err).body?.fields ?? [];
      const onTerms = fields.find((f) => f.path === 'acceptTerms');
      if (onTerms) {
        setTermsError(onTerms.message);
        terms.current?.focus();
      }
    },
  });
  // Field messages other than the terms' (the plan, the seats) and errors without fields show above the buttons.
  const failure = start.error ? toApiError(start.error) : null;
  const fields = failure?.body?.fields ?? [];
  const others = fields.filter((f) => f.path !== 'acceptTerms');
  const showFailure = !!failure && (fields.length === 0 || others.length > 0);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!accepted) {
      setTermsError(CHECKOUT_MESSAGES.acceptTerms);
      terms.current?.focus();
      return;
    }
    start.mutate();
  };

  return (
    <form noValidate onSubmit={submit}>
      <Flex direction="column" gap="4">
        <Card size={{ initial: '2', sm: '3' }}>{summary}</Card>
        <TermsField
          ref={terms}
          app={offer.app}
          checked={accepted}
          error={termsError}
          onChange={(v) => {
            setAccepted(v);
            setTermsError(undefined);
          }}
        />
        {showFailure && (others.length > 0 ? <ApiErrorNote text={others.map((f) => f.message).join(' ')} /> : <ApiErrorNote error={start.error} />)}
        <Flex gap="3" justify="end" wrap="wrap-reverse">
          {secondary}
          <Button type="submit" loading={start.isPending || start.isSuccess}>
            {T.continueToPayment}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
