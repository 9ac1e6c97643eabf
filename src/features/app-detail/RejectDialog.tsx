import { Button, Dialog, Flex, Text, TextArea } from '@radix-ui/themes';
import { useState } from 'react';
import { REJECTION_REASON_MESSAGE } from '../../../contract/schemas/app';

/** The reason prompt of Reject (SPEC §4). */
export function RejectDialog({ title, pending, onReject, onClose }: { title: string; pending: boolean; onReject: (reason: string) => void; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="500px">
        <Dialog.Title>Reject {title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          Say why this version is rejected; the reason is kept with the version.
        </Dialog.Description>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (!missing) onReject(reason.trim());
          }}
        >
          <Text as="label" htmlFor="reject-reason" size="2" weight="medium">
            Reason
          </Text>
          <TextArea id="reject-reason" value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={touched && missing} aria-describedby={touched && missing ? 'reject-reason-error' : undefined} />
          {touched && missing && (
            <Text id="reject-reason-error" size="1" color="red" role="alert">
              {REJECTION_REASON_MESSAGE}
            </Text>
          )}
          <Flex justify="end" gap="2" mt="4">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" color="red" highContrast loading={pending}>
              Reject
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
