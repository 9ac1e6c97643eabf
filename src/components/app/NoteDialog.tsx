import { Button, Dialog, Flex, Text, TextArea } from '@radix-ui/themes';
import { useId, useState, type ReactNode } from 'react';

/**
 * A required note before a status change: the reason of Reject (SPEC §4) or the changes a reviewer asks
 * for with Review. `required` is the message shown when it is left empty (the server says the same).
 * `children` go below the note (staff's citations of findings and diff lines, docs/packages-and-review.md, Review notes).
 */
export function NoteDialog({
  title,
  description,
  label,
  required,
  confirm,
  danger = false,
  pending,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  description: string;
  label: string;
  required: string;
  confirm: string;
  danger?: boolean;
  pending: boolean;
  onConfirm: (note: string) => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const id = useId();
  const missing = note.trim() === '';
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="500px">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {description}
        </Dialog.Description>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (!missing) onConfirm(note.trim());
          }}
        >
          <Text as="label" htmlFor={`${id}-note`} size="2" weight="medium">
            {label}
          </Text>
          <TextArea
            id={`${id}-note`}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={touched && missing}
            aria-describedby={touched && missing ? `${id}-error` : undefined}
          />
          {touched && missing && (
            <Text id={`${id}-error`} size="1" color="red" role="alert">
              {required}
            </Text>
          )}
          {children}
          <Flex justify="end" gap="2" mt="4">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" color={danger ? 'red' : undefined} highContrast={danger} loading={pending}>
              {confirm}
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
