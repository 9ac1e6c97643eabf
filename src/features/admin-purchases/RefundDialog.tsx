import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, Flex, Text, TextArea, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CHECKOUT_MESSAGES, RefundInput } from '../../../contract/schemas/checkout';
import type { PurchaseRecord } from '../../../contract/schemas/commerce';
import { Field } from '../../components/Field';
import { toApiError } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useRefundPurchase } from './api';
import { recordsText } from './strings';

/** The contract's refund, of more than 0 and at most what was paid (`price`): the amount as typed, a number once checked. */
const refundForm = (price: number) =>
  RefundInput.extend({
    amount: z
      .string()
      .refine(
        (typed) => {
          const value = Number(typed);
          return value > 0 && Math.round(value * 100) <= Math.round(price * 100);
        },
        { error: CHECKOUT_MESSAGES.refundAmount },
      )
      .transform(Number)
      .pipe(RefundInput.shape.amount.unwrap()),
  });
type Form = z.input<ReturnType<typeof refundForm>>;

/**
 * Staff refund a purchase billed through the checkout (docs/rocketchat.md, Buying): all that was paid for it (the price; for a
 * subscription, its current period's), or a part, with a reason. The provider refunds; the app's licence ends.
 */
export default function RefundDialog({ record, onClose }: { record: z.infer<typeof PurchaseRecord>; onClose: () => void }) {
  const [schema] = useState(() => refundForm(record.price));
  // Checked as it is typed: the message and the disabled Refund button follow the amount.
  const { register, handleSubmit, formState, setError } = useForm<Form, unknown, z.output<typeof schema>>({
    mode: 'onChange',
    defaultValues: { amount: record.price.toFixed(2), reason: '' },
    resolver: zodResolver(schema),
  });
  const invalid = !!formState.errors.amount;
  const refund = useRefundPurchase(record._id);
  const submit = handleSubmit((body) =>
    refund.mutate(body, {
      onSuccess: () => {
        toast.success(recordsText.refunded(formatMoney(body.amount)));
        onClose();
      },
      onError: (err) => {
        if (!applyServerErrors(err, setError)) toast.error(toApiError(err).body?.error || recordsText.refundFailed);
      },
    }),
  );
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>{recordsText.refundTitle}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {record.purchaseType === 'subscription'
            ? `The subscription to ${record.appName} is cancelled at once and its licence ends. Up to ${formatMoney(record.price)} (its current period) can be refunded.`
            : `${record.appName} is no longer the workspace’s: its licence ends. Up to ${formatMoney(record.price)} can be refunded.`}
        </Dialog.Description>
        <form onSubmit={(e) => void submit(e)}>
          <Flex direction="column" gap="3">
            <Field label="Amount (USD)" error={formState.errors.amount?.message}>
              {({ id, describedBy, invalid: bad }) => (
                <TextField.Root id={id} aria-describedby={describedBy} aria-invalid={bad} inputMode="decimal" {...register('amount')} />
              )}
            </Field>
            <Field label="Reason (optional)">{({ id }) => <TextArea id={id} maxLength={2000} {...register('reason')} />}</Field>
            <Text size="1" color="gray">
              The payment provider gives the money back and the publisher’s balance is debited its share.
            </Text>
            <Flex gap="2" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" color="red" disabled={invalid} loading={refund.isPending}>
                Refund
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
