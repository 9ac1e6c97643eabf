import { Button, Dialog, Flex, Text, TextArea, TextField } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { CHECKOUT_MESSAGES } from '../../../contract/schemas/checkout';
import type { PurchaseRecord } from '../../../contract/schemas/commerce';
import { Field } from '../../components/Field';
import { toApiError, tsr, unwrap } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { recordsKey } from './api';
import { recordsText } from './strings';

/**
 * Staff refund a purchase billed through the checkout (docs/rocketchat.md, Buying): all that was paid for it (the price; for a
 * subscription, its current period's), or a part, with a reason. The provider refunds; the app's licence ends.
 */
export default function RefundDialog({ record, onClose }: { record: z.infer<typeof PurchaseRecord>; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(record.price.toFixed(2));
  const [reason, setReason] = useState('');
  const value = Number(amount);
  const invalid = !(value > 0) || Math.round(value * 100) > Math.round(record.price * 100);
  const refund = useMutation({
    mutationFn: async () => unwrap(await tsr.admin.refunds.refund.mutate({ params: { id: record._id }, body: { amount: value, reason } })),
    onSuccess: async () => {
      toast.success(recordsText.refunded(formatMoney(value)));
      await queryClient.invalidateQueries(recordsKey);
      onClose();
    },
    onError: (err) => toast.error(toApiError(err).body?.error || recordsText.refundFailed),
  });
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>{recordsText.refundTitle}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {record.purchaseType === 'subscription'
            ? `The subscription to ${record.appName} is cancelled at once and its licence ends. Up to ${formatMoney(record.price)} (its current period) can be refunded.`
            : `${record.appName} is no longer the workspace’s: its licence ends. Up to ${formatMoney(record.price)} can be refunded.`}
        </Dialog.Description>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!invalid) refund.mutate();
          }}
        >
          <Flex direction="column" gap="3">
            <Field label="Amount (USD)" error={invalid ? CHECKOUT_MESSAGES.refundAmount : undefined}>
              {({ id, describedBy, invalid: bad }) => (
                <TextField.Root
                  id={id}
                  aria-describedby={describedBy}
                  aria-invalid={bad}
                  inputMode="decimal"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                />
              )}
            </Field>
            <Field label="Reason (optional)">
              {({ id }) => <TextArea id={id} value={reason} maxLength={2000} onChange={(e) => setReason(e.target.value)} />}
            </Field>
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
