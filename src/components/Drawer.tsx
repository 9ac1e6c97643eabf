import { AlertDialog, Button, Dialog, Flex } from '@radix-ui/themes';
import { useState, type ReactNode } from 'react';

/**
 * A side panel (SPEC §2 drawers, widths 500/720/750) built on the Dialog: focus trapped, Escape closes.
 * With `dirty`, closing asks 'Disregard changes?' first.
 */
export function Drawer({
  title,
  description,
  width = 500,
  dirty = false,
  onClose,
  children,
  footer,
}: {
  title: string;
  description: string;
  width?: 350 | 500 | 720 | 750;
  dirty?: boolean;
  onClose: () => void;
  children: ReactNode;
  footer: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  const close = () => (dirty ? setAsking(true) : onClose());
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Content
        aria-describedby={undefined}
        style={{
          position: 'fixed',
          top: 0,
          right: 0,
          bottom: 0,
          left: 'auto',
          width: `min(${width}px, 100vw)`,
          maxWidth: '100vw',
          maxHeight: '100vh',
          borderRadius: 0,
          margin: 0,
          overflowY: 'auto',
        }}
      >
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {description}
        </Dialog.Description>
        {children}
        <Flex gap="2" justify="end" mt="5">
          <Button type="button" variant="soft" color="gray" onClick={close}>
            Cancel
          </Button>
          {footer}
        </Flex>
      </Dialog.Content>
      {asking && (
        <AlertDialog.Root open onOpenChange={(open) => !open && setAsking(false)}>
          <AlertDialog.Content maxWidth="400px">
            <AlertDialog.Title>Disregard changes?</AlertDialog.Title>
            <AlertDialog.Description size="2">What you changed here is not saved.</AlertDialog.Description>
            <Flex gap="2" justify="end" mt="4">
              <AlertDialog.Cancel>
                <Button variant="soft" color="gray">
                  Keep editing
                </Button>
              </AlertDialog.Cancel>
              <AlertDialog.Action>
                <Button color="red" onClick={onClose}>
                  Disregard
                </Button>
              </AlertDialog.Action>
            </Flex>
          </AlertDialog.Content>
        </AlertDialog.Root>
      )}
    </Dialog.Root>
  );
}
