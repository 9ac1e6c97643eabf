import { AlertDialog, Button, Flex, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { Field } from '../Field';

export type Irreversible = 'premium' | 'usage';

const copy = {
  premium: {
    title: 'Make this app premium-only?',
    text: 'Only workspaces with a premium plan can install it. This cannot be undone.',
    label: 'Add-on tier id (optional)',
    confirm: 'Make premium-only',
  },
  usage: {
    title: 'Make this app usage-based?',
    text: 'Workspaces are billed for what they use, from the usage records. This cannot be undone.',
    label: 'Price override in USD (optional)',
    confirm: 'Make usage-based',
  },
} as const;

/** What the change is called once made (the toast after it). */
export const flagSetText = (kind: Irreversible) => (kind === 'premium' ? 'The app is premium-only now.' : 'The app is usage-based now.');

const PRICE_MESSAGE = 'The price override must be a number of at least 0.';

/** The confirmation of an irreversible change (premium-only: an optional tier; usage-based: an optional price). */
export function IrreversibleDialog({
  kind,
  pending,
  onConfirm,
  onClose,
}: {
  kind: Irreversible;
  pending: boolean;
  onConfirm: (value: string | number | undefined) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const c = copy[kind];
  const submit = () => {
    if (kind === 'premium') return onConfirm(value.trim());
    if (value.trim() === '') return onConfirm(undefined);
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0) return setError(PRICE_MESSAGE);
    onConfirm(Math.round(n * 100) / 100);
  };
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>{c.title}</AlertDialog.Title>
        <AlertDialog.Description size="2" mb="3">
          {c.text}
        </AlertDialog.Description>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Field label={c.label} error={error}>
            {({ id, describedBy, invalid }) => (
              <TextField.Root
                id={id}
                value={value}
                inputMode={kind === 'usage' ? 'decimal' : undefined}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                onChange={(e) => {
                  setValue(e.target.value);
                  setError('');
                }}
              />
            )}
          </Field>
          <Flex gap="2" justify="end" mt="4">
            <AlertDialog.Cancel>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <Button type="submit" color="red" loading={pending}>
              {c.confirm}
            </Button>
          </Flex>
        </form>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
