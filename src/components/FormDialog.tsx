import { Button, Dialog, Flex, Text } from '@radix-ui/themes';
import type { FormEventHandler, ReactNode } from 'react';

/**
 * A modal form (docs/architecture.md, "The SPA"): a title, what it is about, the fields, a form-level error
 * (e.g. a 409 the server explains), Cancel and the submit button, which shows the request going. The caller
 * owns the form (react-hook-form's `handleSubmit`, the mutation from its feature's api.ts).
 */
export function FormDialog({
  title,
  description,
  onClose,
  onSubmit,
  pending,
  submitLabel = 'Save',
  cancelLabel = 'Cancel',
  submitDisabled = false,
  error,
  maxWidth = '480px',
  children,
}: {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  submitLabel?: string;
  cancelLabel?: string;
  submitDisabled?: boolean;
  error?: string;
  maxWidth?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth={maxWidth} {...(description ? {} : { 'aria-describedby': undefined })}>
        <Dialog.Title>{title}</Dialog.Title>
        {description ? (
          <Dialog.Description size="2" color="gray" mb="3">
            {description}
          </Dialog.Description>
        ) : null}
        <form noValidate onSubmit={onSubmit}>
          <Flex direction="column" gap="3">
            {children}
          </Flex>
          {error && (
            <Text as="p" color="red" size="2" mt="2" role="alert">
              {error}
            </Text>
          )}
          <Flex gap="2" justify="end" mt="4">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                {cancelLabel}
              </Button>
            </Dialog.Close>
            <Button type="submit" loading={pending} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
