import { Button, Dialog, Flex, Strong, Text, TextField } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { ChangeSeatsInput, CHECKOUT_MESSAGES, type CheckoutPlan, type OwnedPurchase } from '../../../contract/schemas/checkout';
import { Field } from '../../components/Field';
import { toApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { changeSeats, offerQuery } from './api';
import { ApiErrorNote } from '../../components/ApiErrorNote';
import type { OfferContext } from './OfferView';
import { notifyWorkspace } from './parent';
import { MAX_SEATS, parseSeats, planPrice, seatsProblem } from './price';
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
  const queryClient = useQueryClient();
  const [text, setText] = useState(String(suggested ?? owned.seats));
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const seats = parseSeats(text);
  const problemOf = (n: number) => {
    const parsed = ChangeSeatsInput.safeParse({ workspaceId: buyer.workspaceId, seats: n });
    if (!parsed.success) return parsed.error.issues.find((i) => i.path[0] === 'seats')?.message ?? CHECKOUT_MESSAGES.seats;
    return (plan && seatsProblem(plan, n)) || (n === owned.seats ? CHECKOUT_MESSAGES.sameSeats : undefined);
  };
  const price = plan && !seatsProblem(plan, seats) ? planPrice(plan, seats) : null;
  const per = T.per[owned.strategy ?? plan?.strategy ?? 'monthly'];

  const change = useMutation({
    mutationFn: (n: number) => changeSeats(owned.purchaseId, buyer, n),
    onSuccess: async (next) => {
      notifyWorkspace(true);
      toast.success(T.seatsChanged(next.seats));
      await queryClient.invalidateQueries({ queryKey: offerQuery(appId, buyer).queryKey, exact: true });
      onClose();
    },
    onError: (err) => {
      const field = toApiError(err).body?.fields?.find((f) => f.path === 'seats');
      if (field) setError(field.message);
    },
  });
  const fieldFailure = change.error && toApiError(change.error).body?.fields?.some((f) => f.path === 'seats');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = problemOf(seats);
    if (problem) {
      setError(problem);
      input.current?.focus();
      return;
    }
    change.mutate(seats);
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>{T.changeSeats}</Dialog.Title>
        <Dialog.Description size="2" mb="4">
          {T.changeSeatsText}
        </Dialog.Description>
        <form noValidate onSubmit={submit}>
          <Flex direction="column" gap="4">
            <Field label={T.newSeats} error={error} hint={`${T.seats}: ${owned.seats.toLocaleString('en-US')}`}>
              {({ id, describedBy, invalid }) => (
                <TextField.Root
                  ref={input}
                  id={id}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_SEATS}
                  step={1}
                  value={text}
                  onChange={(e) => {
                    setText(e.currentTarget.value);
                    setError(undefined);
                  }}
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
