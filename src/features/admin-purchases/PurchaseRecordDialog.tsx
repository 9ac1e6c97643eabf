import { Button, Dialog, Flex, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { purchaseEditable, purchaseRefundable, purchaseRemovable } from '../../../contract/purchase-rules';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageLoader } from '../../components/PageLoader';
import { PurchaseDetails } from '../../components/purchases/PurchaseDetails';
import { configQuery } from '../../lib/account';
import { toast } from '../../lib/toast';
import { purchaseRecordQuery, useRemovePurchase } from './api';
import { recordsText } from './strings';

const EditPurchaseDialog = lazy(() => import('./EditPurchaseDialog'));
const RefundDialog = lazy(() => import('./RefundDialog'));

/**
 * SPEC §3 Purchase Record Information, opened from the route: every field, Close, Edit and Delete (as
 * SPEC §6 allows), and Refund for a purchase billed through the checkout (docs/rocketchat.md, Buying). An id that is no record says 'Invalid purchase record id provided.' and closes.
 * `open` false keeps the last record on screen while the modal closes (its data is cleared 500 ms later
 * by the list, which unmounts it).
 */
export function PurchaseRecordDialog({
  id,
  open,
  canUpdate,
  canDelete,
  editing,
  onEditing,
  onClose,
}: {
  id: string;
  open: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  /** Edit Subscription is open over the record (it follows the address). */
  editing: boolean;
  onEditing: (open: boolean) => void;
  onClose: () => void;
}) {
  const { data, isPending, error } = useQuery(purchaseRecordQuery(id));
  const config = useQuery(configQuery).data;
  const [dialog, setDialog] = useState<'delete' | 'refund' | null>(null);
  // Once per failed load (the parent passes a new onClose on every render).
  const closeOnError = useRef(onClose);
  closeOnError.current = onClose;
  useEffect(() => {
    if (!error) return;
    toast.error(recordsText.invalidId);
    closeOnError.current();
  }, [error]);
  const remove = useRemovePurchase(id);
  const record = data?.purchaseRecord;
  return (
    <>
      <Dialog.Root open={open && !error} onOpenChange={(next) => !next && onClose()}>
        <Dialog.Content maxWidth="560px" aria-describedby={undefined}>
          <Dialog.Title>{recordsText.infoTitle}</Dialog.Title>
          {isPending ? (
            <PageLoader label="Loading the purchase record…" />
          ) : data ? (
            <PurchaseDetails detail={data} cloudUrl={config?.cloudUrl ?? ''} />
          ) : (
            <Text color="gray">{recordsText.invalidId}</Text>
          )}
          <Flex gap="2" justify="end" mt="5" wrap="wrap">
            <Dialog.Close>
              <Button variant="soft" color="gray">
                Close
              </Button>
            </Dialog.Close>
            <Button variant="soft" disabled={!record || !canUpdate || !purchaseEditable(record)} onClick={() => onEditing(true)}>
              Edit
            </Button>
            {data && purchaseRefundable(data.purchaseRecord, data.billing) && (
              <Button variant="soft" color="orange" disabled={!canUpdate} onClick={() => setDialog('refund')}>
                Refund
              </Button>
            )}
            <Button
              variant="soft"
              color="red"
              disabled={!record || !canDelete || !purchaseRemovable(record)}
              loading={remove.isPending}
              onClick={() => setDialog('delete')}
            >
              Delete
            </Button>
          </Flex>
        </Dialog.Content>
      </Dialog.Root>
      <Suspense>
        {/* Not hidden when its save makes the record no longer editable (the save's answer closes it). */}
        {editing && canUpdate && record?.subscriptionInfo && <EditPurchaseDialog record={record} onClose={() => onEditing(false)} />}
        {dialog === 'refund' && record && <RefundDialog record={record} onClose={() => setDialog(null)} />}
      </Suspense>
      {dialog === 'delete' && record && (
        <ConfirmDialog
          title="Delete this purchase record?"
          text={`The externally managed subscription of ${record.appName} ends, and the record is removed. This cannot be undone.`}
          yes="Delete"
          no="Cancel"
          danger
          onYes={() => {
            setDialog(null);
            remove.mutate(undefined, {
              onSuccess: () => {
                toast.success(recordsText.removed);
                onClose();
              },
              onError: () => toast.error(recordsText.removeFailed),
            });
          }}
          onNo={() => setDialog(null)}
        />
      )}
    </>
  );
}
