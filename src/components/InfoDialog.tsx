import { Button, Dialog, Flex } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** A read-only dialog: title, description, content and Close; open while mounted. */
export function InfoDialog({
  title,
  description,
  maxWidth = '560px',
  onClose,
  children,
}: {
  title: string;
  description: string;
  maxWidth?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth={maxWidth}>
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {description}
        </Dialog.Description>
        {children}
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
