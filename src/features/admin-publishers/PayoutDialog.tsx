import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, Flex, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PAYOUT_MINIMUM, PAYOUT_OVER_BALANCE, PayoutInput, type Publisher } from '../../../contract/schemas/publisher';
import { Field } from '../../components/Field';
import { FormDialog } from '../../components/FormDialog';
import { toApiError } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { formatDate, formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { usePayout } from './api';
import { publishersText } from './strings';

/** A key for this payout: the same however often Pay out is pressed or the request retried. */
const requestKey = () => crypto.randomUUID().replace(/-/g, '');

/**
 * The contract's payout, within the available balance (`max`): the amount is required, at least the minimum and
 * at most the balance (in that order, as the form says it), then rounded to the cent.
 */
const payoutForm = (max: number) =>
  PayoutInput.extend({
    amount: z
      .number({ error: 'The amount is required.' })
      .refine((v) => v >= PAYOUT_MINIMUM, { error: `The minimum payout is ${PAYOUT_MINIMUM}.` })
      .refine((v) => v <= max, { error: PAYOUT_OVER_BALANCE })
      .transform((v) => Math.round(v * 100) / 100)
      .pipe(PayoutInput.shape.amount),
  });
type Form = { amount: number };

/**
 * The payout modal (SPEC §5, §8): amount min 10 (default 10), max the available balance; the expected
 * arrival shown once paid; a failure's text shown as the message.
 */
export function PayoutDialog({ publisher, onClose }: { publisher: Publisher; onClose: () => void }) {
  const max = publisher.stripeAvailableBalance;
  const [key] = useState(requestKey);
  const [schema] = useState(() => payoutForm(max));
  const { register, handleSubmit, formState, setError } = useForm<Form, unknown, z.output<typeof schema>>({
    defaultValues: { amount: PAYOUT_MINIMUM },
    resolver: zodResolver(schema),
  });
  const pay = usePayout(publisher._id, key);
  const submit = handleSubmit(({ amount }) =>
    pay.mutate(amount, {
      onSuccess: ({ expected }) => toast.success(publishersText.paidOut(formatMoney(amount), formatDate(expected))),
      // Any refusal is the amount's message (the server's own for a 400, else what went wrong).
      onError: (err) => {
        if (!applyServerErrors(err, setError)) setError('amount', { type: 'server', message: toApiError(err).message });
      },
    }),
  );
  const description = `Pay ${publisher.name} out of its available balance of ${formatMoney(max)}.`;
  if (pay.isSuccess)
    return (
      <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
        <Dialog.Content maxWidth="440px">
          <Dialog.Title>{publishersText.payout}</Dialog.Title>
          <Dialog.Description size="2" color="gray" mb="3">
            {description}
          </Dialog.Description>
          <Flex direction="column" gap="3">
            <Text as="p" role="status">
              Paid out {formatMoney(pay.variables)}. Expected to arrive on <strong>{formatDate(pay.data.expected)}</strong>.
            </Text>
            <Flex justify="end">
              <Dialog.Close>
                <Button>Done</Button>
              </Dialog.Close>
            </Flex>
          </Flex>
        </Dialog.Content>
      </Dialog.Root>
    );
  return (
    <FormDialog
      title={publishersText.payout}
      description={description}
      maxWidth="440px"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      pending={pay.isPending}
      submitLabel="Pay out"
    >
      <Field label="Amount (USD)" error={formState.errors.amount?.message}>
        {({ id, describedBy, invalid }) => (
          <TextField.Root
            id={id}
            type="number"
            min={PAYOUT_MINIMUM}
            max={max}
            step="0.01"
            inputMode="decimal"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            {...register('amount', { valueAsNumber: true })}
          />
        )}
      </Field>
    </FormDialog>
  );
}
