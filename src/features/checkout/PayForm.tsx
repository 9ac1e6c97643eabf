import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Flex } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { StartCheckoutInput } from '../../../contract/schemas/checkout';
import { ApiErrorNote } from '../../components/ApiErrorNote';
import { toApiError } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { useStartCheckout, type StartInput } from './api';
import type { OfferContext } from './OfferView';
import { goToPayment, inFrame } from './parent';
import { TermsField } from './TermsField';
import { checkoutText as T } from './strings';

type TermsForm = { acceptTerms: boolean };
/** The contract's terms: only a ticked box passes (the box itself starts unticked, hence the form's wider type). */
const termsResolver = zodResolver(StartCheckoutInput.pick({ acceptTerms: true })) as unknown as Resolver<TermsForm, unknown, { acceptTerms: true }>;

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
  // "I accept the terms" as the contract requires it; unticked, it says so (and takes the focus) until it is changed.
  const { control, handleSubmit, clearErrors, setError, setFocus, formState } = useForm<TermsForm, unknown, { acceptTerms: true }>({
    defaultValues: { acceptTerms: false },
    resolver: termsResolver,
    reValidateMode: 'onSubmit',
  });
  const start = useStartCheckout(appId, buyer);
  // Field messages other than the terms' (the plan, the seats) and errors without fields show above the buttons.
  const failure = start.error ? toApiError(start.error) : null;
  const fields = failure?.body?.fields ?? [];
  const others = fields.filter((f) => f.path !== 'acceptTerms');
  const showFailure = !!failure && (fields.length === 0 || others.length > 0);

  const submit = handleSubmit(() =>
    start.mutate(input, {
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
        // The server's message about the terms goes on the checkbox, which takes the focus.
        applyServerErrors(err, setError);
        if (toApiError(err).body?.fields?.some((f) => f.path === 'acceptTerms')) setFocus('acceptTerms');
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Flex direction="column" gap="4">
        <Card size={{ initial: '2', sm: '3' }}>{summary}</Card>
        <Controller
          control={control}
          name="acceptTerms"
          render={({ field }) => (
            <TermsField
              ref={field.ref}
              app={offer.app}
              checked={field.value}
              error={formState.errors.acceptTerms?.message}
              onChange={(v) => {
                field.onChange(v);
                clearErrors('acceptTerms');
              }}
            />
          )}
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
