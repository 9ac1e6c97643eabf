import { Button, Dialog, Flex, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { Field } from '../../components/Field';
import { toast } from '../../lib/toast';
import { workspaceText } from './strings';

/** SPEC §3 Workspace lookup: 'Please enter a workspace id', View and Cancel; an empty id warns. */
export function WorkspaceLookup({ onView, onCancel }: { onView: (id: string) => void; onCancel: () => void }) {
  const [id, setId] = useState('');
  const [error, setError] = useState<string>();
  const view = () => {
    const value = id.trim();
    if (!value) {
      setError(workspaceText.invalidId);
      toast.error(workspaceText.invalidId);
      return;
    }
    onView(value);
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Content maxWidth="440px" aria-describedby={undefined}>
        <Dialog.Title>{workspaceText.lookupTitle}</Dialog.Title>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            view();
          }}
        >
          <Field label="Workspace ID" error={error}>
            {({ id: inputId, describedBy, invalid }) => (
              <TextField.Root
                id={inputId}
                autoFocus
                maxLength={64}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                value={id}
                onChange={(e) => {
                  setId(e.currentTarget.value);
                  setError(undefined);
                }}
              />
            )}
          </Field>
          <Flex gap="2" justify="end" mt="4">
            <Button type="button" variant="soft" color="gray" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit">View</Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
