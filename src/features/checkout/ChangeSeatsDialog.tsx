import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, Flex, Strong, Text, TextField } from '@radix-ui/themes';
import { useForm, useWatch } from 'react-hook-form';
import { ChangeSeatsInput, CHECKOUT_MESSAGES, type CheckoutPlan, type OwnedPurchase } from '../../../contract/schemas/checkout';
import { ApiErrorNote } from '../../components/ApiErrorNote';
import { Field } from '../../components/Field';
import { toApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { applyServerErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { useChangeSeats } from './api';
import type { OfferContext } from './OfferView';
import { notifyWorkspace } from './parent';
import { MAX_SEATS, parseSeats, planPrice, seatsProblem } from './price';
import { seatsSchema, type SeatsForm } from './seats-form';
import { checkoutText as T } from './strings';

/**
 * Change seats of a per-seat subscription: the new number (prefilled with Rocket.Chat's active users when they
 * differ), the new price before confirming (when the plan is still offered), then Rocket.Chat is told to sync.
 */
export function ChangeSeatsDialog({
  ctx,
  appId,
  owned,
  plan,
  suggested,
  onClose,
}: {
  ctx: OfferContext;
  appId: string;
  owned: OwnedPurchase;
  plan?: CheckoutPlan;
  suggested?: number;
  onClose: () => void;
}) {
  const { buyer } = ctx;
  // The contract's rule for seats, then the plan's tiers (when it is still offered) and a number other than the
  // one the subscription has. A refused number says why (and takes the focus) until the buyer types again.
  const { control, register, handleSubmit, clearErrors, setError, formState } = useForm<SeatsForm, unknown, { seats: number }>({
    defaultValues: { seats: String(suggested ?? owned.seats) },
    resolver: zodResolver(
      seatsSchema(ChangeSeatsInput.shape.seats, (n) => (plan && seatsProblem(plan, n)) || (n === owned.seats ? CHECKOUT_MESSAGES.sameSeats : undefined)),
    ),
    reValidateMode: 'onSubmit',
  });
  const seats = parseSeats(useWatch({ control, name: 'seats' }));
  const price = plan && !seatsProblem(plan, seats) ? planPrice(plan, seats) : null;
  const per = T.per[owned.strategy ?? plan?.strategy ?? 'monthly'];

  const change = useChangeSeats(appId, buyer);
  // The server's message about the seats goes on the field; any other refusal shows above the buttons.
  const fieldFailure = change.error && toApiError(change.error).body?.fields?.some((f) => f.path === 'seats');
  const submit = handleSubmit((values) =>
    change.mutate(
      { purchaseId: owned.purchaseId, seats: values.seats },
      {
        onSuccess: (next) => {
          notifyWorkspace(true);
          toast.success(T.seatsChanged(next.seats));
          onClose();
        },
        onError: (err) => applyServerErrors(err, setError),
      },
    ),
  );

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>{T.changeSeats}</Dialog.Title>
        <Dialog.Description size="2" mb="4">
          {T.changeSeatsText}
        </Dialog.Description>
        <form noValidate onSubmit={submit}>
          <Flex direction="column" gap="4">
            <Field label={T.newSeats} error={formState.errors.seats?.message} hint={`${T.seats}: ${owned.seats.toLocaleString('en-US')}`}>
              {({ id, describedBy, invalid }) => (
                <TextField.Root
                  id={id}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_SEATS}
                  step={1}
                  {...register('seats', { onChange: () => clearErrors('seats') })}
                  style={{ maxWidth: 180 }}
                />
              )}
            </Field>
            <Text as="p" size="2" aria-live="polite">
              {plan ? price === null ? '—' : <Strong>{T.newPrice(formatMoney(price), per)}</Strong> : T.newPriceUnknown}
            </Text>
            {change.error && !fieldFailure && <ApiErrorNote error={change.error} />}
            <Flex gap="3" justify="end" wrap="wrap-reverse">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {T.close}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={change.isPending}>
                {T.confirmSeats}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
