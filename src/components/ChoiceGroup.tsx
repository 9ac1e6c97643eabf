import { Flex, RadioCards, Select, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Field } from './Field';

export type Choice<V extends string> = { value: V; label: string; hint?: string };

/**
 * One choice among fixed options, labelled, with its error (docs/architecture.md, "The SPA"): cards with a
 * hint each for a few options (a role), a select for a longer list. Bound to a form with react-hook-form's
 * `Controller` (`value`, `onChange`).
 */
export function ChoiceGroup<V extends string>({
  label,
  options,
  value,
  onChange,
  error,
  hint,
  variant = 'cards',
  placeholder,
}: {
  label: string;
  options: readonly Choice<V>[];
  value: V | '' | undefined;
  onChange: (value: V) => void;
  error?: string;
  /** Shown under the choice while it has no error. */
  hint?: ReactNode;
  variant?: 'cards' | 'select';
  placeholder?: string;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) =>
        variant === 'select' ? (
          <Select.Root value={value ?? ''} onValueChange={(v) => onChange(v as V)}>
            <Select.Trigger id={id} aria-describedby={describedBy} aria-invalid={invalid} placeholder={placeholder ?? `Select a ${label.toLowerCase()}`} />
            <Select.Content position="popper">
              {options.map((o) => (
                <Select.Item key={o.value} value={o.value}>
                  {o.label}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        ) : (
          <RadioCards.Root
            id={id}
            value={value ?? ''}
            onValueChange={(v) => onChange(v as V)}
            columns="1"
            aria-label={label}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          >
            {options.map((o) => (
              <RadioCards.Item key={o.value} value={o.value}>
                <Flex direction="column">
                  <Text weight="bold">{o.label}</Text>
                  {o.hint && (
                    <Text size="1" color="gray">
                      {o.hint}
                    </Text>
                  )}
                </Flex>
              </RadioCards.Item>
            ))}
          </RadioCards.Root>
        )
      }
    </Field>
  );
}
