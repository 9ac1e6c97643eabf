import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Callout, Card, Checkbox, Dialog, Flex, RadioCards, Text, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { tokenAbilities, type TokenAbility } from '../../../contract/access';
import { TOKEN_MAX_DAYS, TOKEN_TEXT as T, type NewTokenInput } from '../../../contract/schemas/tokens';
import { Field } from '../../components/Field';
import { FormDialog } from '../../components/FormDialog';
import { applyServerErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { tokenAppsQuery, useCreateToken } from './api';
import { emptyTokenForm, tokenFormSchema, type TokenForm } from './token-form';

/** A group of checkboxes or cards with its legend and its message (a fieldset the message describes). */
function CheckGroup({ legend, id, error, children }: { legend: string; id: string; error?: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="2" asChild>
      <fieldset style={{ border: 'none', margin: 0, padding: 0, minWidth: 0 }} aria-describedby={error ? `${id}-error` : undefined}>
        <Text as="div" size="2" weight="medium" asChild>
          <legend>{legend}</legend>
        </Text>
        {children}
        {error && (
          <Text id={`${id}-error`} size="1" color="red" role="alert">
            {error}
          </Text>
        )}
      </fieldset>
    </Flex>
  );
}

const toggle = <V,>(list: V[], value: V, on: boolean) => (on ? [...list.filter((x) => x !== value), value] : list.filter((x) => x !== value));

/**
 * Create token: name, abilities, apps (all, or chosen among the publisher's), expiry in days; checked with the
 * contract's schema before sending, the server's field messages shown on the fields. Once created, the secret
 * is shown this once: it lives in this dialog's state only, so closing the dialog forgets it.
 */
export default function CreateTokenDialog({ onClose }: { onClose: () => void }) {
  const { register, control, handleSubmit, formState, setError, clearErrors, watch } = useForm<TokenForm, unknown, NewTokenInput>({
    defaultValues: emptyTokenForm,
    resolver: zodResolver(tokenFormSchema),
  });
  const errors = formState.errors;
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const scope = watch('scope');
  const apps = useQuery({ ...tokenAppsQuery, enabled: scope === 'chosen' });
  const create = useCreateToken();
  const submit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: ({ token, secret }) => setCreated({ name: token.name, secret }),
      // `appIds.3` (one id) is about the apps as a whole on this form.
      onError: (err) => {
        if (!applyServerErrors(err, (path, e) => setError(path.split('.')[0] as Path<TokenForm>, e))) toast.failure(err);
      },
    }),
  );

  if (created)
    return (
      <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
        <Dialog.Content maxWidth="560px" aria-describedby={undefined}>
          <CreatedSecret name={created.name} secret={created.secret} />
        </Dialog.Content>
      </Dialog.Root>
    );
  return (
    <FormDialog title={T.create} onClose={onClose} onSubmit={submit} pending={create.isPending} submitLabel={T.create} maxWidth="560px">
      <Flex direction="column" gap="4">
        <Field label={T.nameLabel} error={errors.name?.message} hint={T.nameHint}>
          {({ id, describedBy, invalid }) => (
            <TextField.Root id={id} aria-describedby={describedBy} aria-invalid={invalid} autoComplete="off" {...register('name')} />
          )}
        </Field>
        <Controller
          control={control}
          name="abilities"
          render={({ field }) => (
            <CheckGroup legend={T.abilitiesLabel} id="token-abilities" error={errors.abilities?.message}>
              <Flex gap="4" wrap="wrap">
                {tokenAbilities.map((a: TokenAbility) => (
                  <Text as="label" size="2" key={a}>
                    <Flex gap="2" align="center">
                      <Checkbox checked={field.value.includes(a)} onCheckedChange={(on) => field.onChange(toggle(field.value, a, on === true))} />
                      {T.abilities[a]}
                    </Flex>
                  </Text>
                ))}
              </Flex>
            </CheckGroup>
          )}
        />
        <CheckGroup legend={T.appsLabel} id="token-apps" error={errors.appIds?.message}>
          <Controller
            control={control}
            name="scope"
            render={({ field }) => (
              <RadioCards.Root
                size="1"
                columns={{ initial: '1', sm: '2' }}
                value={field.value}
                onValueChange={(next) => {
                  field.onChange(next);
                  clearErrors('appIds');
                }}
                aria-label={T.appsLabel}
              >
                <RadioCards.Item value="all">
                  <Flex direction="column">
                    <Text weight="bold">{T.allApps}</Text>
                    <Text size="1" color="gray">
                      {T.allAppsHint}
                    </Text>
                  </Flex>
                </RadioCards.Item>
                <RadioCards.Item value="chosen">
                  <Flex direction="column">
                    <Text weight="bold">{T.chosenApps}</Text>
                    <Text size="1" color="gray">
                      {T.chosenAppsHint}
                    </Text>
                  </Flex>
                </RadioCards.Item>
              </RadioCards.Root>
            )}
          />
          {scope === 'chosen' && (
            <Card size="1" style={{ maxHeight: 220, overflowY: 'auto' }}>
              <Flex direction="column" gap="2">
                {apps.isPending && (
                  <Text size="2" color="gray">
                    Loading the apps…
                  </Text>
                )}
                {apps.isError && (
                  <Text size="2" color="red">
                    {T.appsUnavailable}
                  </Text>
                )}
                {apps.data?.length === 0 && (
                  <Text size="2" color="gray">
                    {T.noApps}
                  </Text>
                )}
                <Controller
                  control={control}
                  name="appIds"
                  render={({ field }) => (
                    <>
                      {apps.data?.map((a) => (
                        <Text as="label" size="2" key={a.id}>
                          <Flex gap="2" align="center">
                            <Checkbox checked={field.value.includes(a.id)} onCheckedChange={(on) => field.onChange(toggle(field.value, a.id, on === true))} />
                            {a.name}
                          </Flex>
                        </Text>
                      ))}
                    </>
                  )}
                />
              </Flex>
            </Card>
          )}
        </CheckGroup>
        <Field label={T.expiryLabel} error={errors.expiresInDays?.message} hint={T.expiryHint}>
          {({ id, describedBy, invalid }) => (
            <TextField.Root
              id={id}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              type="number"
              inputMode="numeric"
              min={1}
              max={TOKEN_MAX_DAYS}
              step={1}
              style={{ maxWidth: 160 }}
              {...register('expiresInDays')}
            />
          )}
        </Field>
      </Flex>
    </FormDialog>
  );
}

/** The new token's secret, read-only with Copy, and the warning that it will not be shown again. */
function CreatedSecret({ name, secret }: { name: string; secret: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <Dialog.Title>{T.createdTitle}</Dialog.Title>
      <Flex direction="column" gap="3">
        <Text size="2">{name}</Text>
        <Callout.Root color="amber" size="1" role="status" highContrast>
          <Callout.Text>{T.copyOnce}</Callout.Text>
        </Callout.Root>
        <Flex gap="2">
          <TextField.Root
            readOnly
            value={secret}
            aria-label={T.secretLabel}
            style={{ flex: 1, minWidth: 0, fontFamily: 'var(--code-font-family)' }}
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button
            variant="soft"
            onClick={() =>
              void navigator.clipboard?.writeText(secret).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </Flex>
        <Flex justify="end" mt="2">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Done
            </Button>
          </Dialog.Close>
        </Flex>
      </Flex>
    </>
  );
}
