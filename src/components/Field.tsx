import { Flex, Text } from '@radix-ui/themes';
import { useId, type ReactNode } from 'react';

/**
 * A labelled form control with its error message. `children` receives the ids to wire:
 * the control's id and the id of its error text (for aria-describedby).
 */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      {children({ id, describedBy: error ? errorId : undefined, invalid: !!error })}
      {hint && !error && (
        <Text size="1" color="gray">
          {hint}
        </Text>
      )}
      {error && (
        <Text id={errorId} size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}
