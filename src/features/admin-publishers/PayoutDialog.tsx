import { Button, Dialog, Flex, Text, TextField } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PAYOUT_MINIMUM, PAYOUT_OVER_BALANCE, type Publisher } from '../../../contract/schemas/publisher';
import { Field } from '../../components/Field';
import { toApiError, tsr, unwrap } from '../../lib/api';
import { formatDate, formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { listKeys, publisherKeys } from './api';
import { publishersText } from './strings';

/** A key for this payout: the same however often Pay out is pressed or the request retried. */
const requestKey = () => crypto.randomUUID().replace(/-/g, '');

/**
 * The payout modal (SPEC §5, §8): amount min 10 (default 10), max the available balance; the expected
 * arrival shown once paid; a failure's text shown as the message.
 */
export function PayoutDialog({ publisher, onClose }: { publisher: Publisher; onClose: () => void }) {
  const queryClient = useQueryClient();
  const max = publisher.stripeAvailableBalance;
  const [key] = useState(requestKey);
  const [amount, setAmount] = useState(String(PAYOUT_MINIMUM));
  const [error, setError] = useState('');
  const pay = useMutation({
    mutationFn: async (value: number) =>
      unwrap(await tsr.admin.publishers.payout.mutate({ params: { id: publisher._id }, body: { amount: value }, headers: { 'idempotency-key': key } })),
    onSuccess: async ({ expected }, value) => {
      toast.success(publishersText.paidOut(formatMoney(value), formatDate(expected)));
      await Promise.all([queryClient.invalidateQueries(publisherKeys(publisher._id)), queryClient.invalidateQueries(listKeys)]);
    },
    onError: (err) => setError(toApiError(err).body?.fields?.[0]?.message ?? toApiError(err).message),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = Number(amount);
    if (amount.trim() === '' || !Number.isFinite(value)) return setError('The amount is required.');
    if (value < PAYOUT_MINIMUM) return setError(`The minimum payout is ${PAYOUT_MINIMUM}.`);
    if (value > max) return setError(PAYOUT_OVER_BALANCE);
    setError('');
    pay.mutate(Math.round(value * 100) / 100);
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="440px">
        <Dialog.Title>{publishersText.payout}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          Pay {publisher.name} out of its available balance of {formatMoney(max)}.
        </Dialog.Description>
        {pay.isSuccess ? (
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
        ) : (
          <form noValidate onSubmit={submit}>
            <Field label="Amount (USD)" error={error}>
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
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                />
              )}
            </Field>
            <Flex gap="2" justify="end" mt="4">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={pay.isPending}>
                Pay out
              </Button>
            </Flex>
          </form>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
