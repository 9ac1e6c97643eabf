import { AlertDialog, Button, Flex, RadioGroup, Text } from '@radix-ui/themes';
import { useState } from 'react';
import type { OwnedPurchase } from '../../../contract/schemas/checkout';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useCancelSubscription } from './api';
import { ApiErrorNote } from '../../components/ApiErrorNote';
import type { OfferContext } from './OfferView';
import { notifyWorkspace } from './parent';
import { checkoutText as T } from './strings';

type When = 'periodEnd' | 'now';

/**
 * Cancel subscription, confirmed first: at the end of the period (it runs until then; offered unless it already
 * ends then) or now; then Rocket.Chat is told to sync.
 */
export function CancelDialog({
  ctx,
  appId,
  owned,
  atPeriodEnd,
  onClose,
}: {
  ctx: OfferContext;
  appId: string;
  owned: OwnedPurchase;
  atPeriodEnd: boolean;
  onClose: () => void;
}) {
  const { buyer } = ctx;
  const [chosen, setWhen] = useState<When>('periodEnd');
  // Ending at the period's end already (maybe since the dialog opened: the offer is read again), only now is left.
  const when: When = atPeriodEnd ? chosen : 'now';
  const cancel = useCancelSubscription(appId, buyer);
  const end = () =>
    cancel.mutate(
      { purchaseId: owned.purchaseId, when },
      {
        onSuccess: (next) => {
          notifyWorkspace(true);
          toast.success(next.status === 'cancelling' && next.periodEnd ? T.cancelling(formatDate(next.periodEnd)) : T.cancelled);
          onClose();
        },
      },
    );
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>{T.cancelSubscription}</AlertDialog.Title>
        <AlertDialog.Description size="2" mb="3">
          {T.cancelText}
        </AlertDialog.Description>
        <Flex direction="column" gap="4">
          <RadioGroup.Root value={when} onValueChange={(v) => setWhen(v as When)} aria-label={T.cancelText}>
            {atPeriodEnd && (
              <RadioGroup.Item value="periodEnd">
                <Flex direction="column">
                  <Text weight="medium">{T.cancelAtEnd}</Text>
                  <Text size="1" color="gray">
                    {owned.periodEnd ? T.cancelAtEndHint(formatDate(owned.periodEnd)) : T.cancelAtEndNoDate}
                  </Text>
                </Flex>
              </RadioGroup.Item>
            )}
            <RadioGroup.Item value="now">
              <Flex direction="column">
                <Text weight="medium">{T.cancelNow}</Text>
                <Text size="1" color="gray">
                  {T.cancelNowHint}
                </Text>
              </Flex>
            </RadioGroup.Item>
          </RadioGroup.Root>
          {cancel.error && <ApiErrorNote error={cancel.error} />}
          <Flex gap="3" justify="end" wrap="wrap-reverse">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                {T.keep}
              </Button>
            </AlertDialog.Cancel>
            <Button color="red" variant="soft" loading={cancel.isPending} onClick={end}>
              {T.cancelSubscription}
            </Button>
          </Flex>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
