import { Button, Flex, Text, TextArea } from '@radix-ui/themes';
import { useState } from 'react';
import { LIMITS } from '../../../contract/common';
import { PAID_APPS_TEXT as T } from '../../../contract/schemas/publisher';
import { ApiError } from '../../lib/api';
import { useRequestPaidApps } from '../../lib/paid-apps';
import { toast } from '../../lib/toast';
import { Field } from '../Field';
import { FormDialog } from '../FormDialog';

/**
 * Where paid apps are not enabled: says so, and lets an owner ask the marketplace team for them (a mail to support
 * with the publisher's details; staff see the request on the publisher's page). Not a dead end.
 */
export function RequestPaidApps({
  canAsk,
  said = true,
}: {
  canAsk: boolean;
  /** Says that paid apps are not enabled (else the caller does). */ said?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const request = useRequestPaidApps();
  const error = request.error instanceof ApiError ? request.error.body?.error : request.error ? String(request.error) : undefined;
  const close = () => {
    setOpen(false);
    request.reset();
  };
  return (
    <Flex gap="3" align="center" wrap="wrap">
      {said && (
        <Text size="2" color="gray">
          {T.notEnabled}
        </Text>
      )}
      {canAsk && (
        <Button type="button" size="1" variant="soft" onClick={() => setOpen(true)}>
          {T.request}
        </Button>
      )}
      {open && (
        <FormDialog
          title={T.requestTitle}
          description={T.requestText}
          onClose={close}
          pending={request.isPending}
          submitLabel={T.request}
          error={error}
          onSubmit={(e) => {
            // Its form is portalled, but React bubbles the submit to a form it sits in (the wizard's step).
            e.preventDefault();
            e.stopPropagation();
            request.mutate(message.trim(), {
              onSuccess: () => {
                toast.success(T.sent);
                close();
              },
            });
          }}
        >
          <Field label={T.messageLabel} hint={T.messageHint}>
            {({ id, describedBy }) => (
              <TextArea id={id} rows={4} maxLength={LIMITS.note} aria-describedby={describedBy} value={message} onChange={(e) => setMessage(e.target.value)} />
            )}
          </Field>
        </FormDialog>
      )}
    </Flex>
  );
}
