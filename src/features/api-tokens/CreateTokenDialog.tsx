import { Button, Callout, Card, Checkbox, Dialog, Flex, RadioCards, Text, TextField } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { tokenAbilities, type TokenAbility } from '../../../contract/access';
import { TOKEN_MAX_DAYS, TOKEN_TEXT as T } from '../../../contract/schemas/tokens';
import { Field } from '../../components/Field';
import { toApiError, tsr, unwrap } from '../../lib/api';
import { toast } from '../../lib/toast';
import { tokenAppsQuery, tokensKey } from './api';
import { emptyTokenForm, tokenBody, tokenProblems, type TokenErrors, type TokenForm } from './token-form';

/** A group of checkboxes or cards with its legend and its message (a fieldset the message describes). */
function ChoiceGroup({ legend, id, error, children }: { legend: string; id: string; error?: string; children: ReactNode }) {
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
  const queryClient = useQueryClient();
  const [form, setForm] = useState<TokenForm>(emptyTokenForm);
  const [errors, setErrors] = useState<TokenErrors>({});
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const apps = useQuery({ ...tokenAppsQuery, enabled: form.scope === 'chosen' });
  const create = useMutation({
    mutationFn: async (body: ReturnType<typeof tokenBody>) => unwrap(await tsr.tokens.create.mutate({ body })),
    onSuccess: async ({ token, secret }) => {
      setCreated({ name: token.name, secret });
      await queryClient.invalidateQueries({ queryKey: tokensKey });
    },
    onError: (err) => {
      const fields = toApiError(err).body?.fields;
      if (!fields?.length) return toast.failure(err);
      setErrors(Object.fromEntries(fields.map((f) => [f.path.split('.')[0], f.message])));
    },
  });
  const set = (patch: Partial<TokenForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k === 'scope' ? 'appIds' : k, undefined])) }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = tokenProblems(form);
    setErrors(problems);
    if (Object.keys(problems).length === 0) create.mutate(tokenBody(form));
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="560px" aria-describedby={undefined}>
        {created ? (
          <CreatedSecret name={created.name} secret={created.secret} />
        ) : (
          <>
            <Dialog.Title>{T.create}</Dialog.Title>
            <form noValidate onSubmit={submit}>
              <Flex direction="column" gap="4">
                <Field label={T.nameLabel} error={errors.name} hint={T.nameHint}>
                  {({ id, describedBy, invalid }) => (
                    <TextField.Root
                      id={id}
                      aria-describedby={describedBy}
                      aria-invalid={invalid}
                      value={form.name}
                      onChange={(e) => set({ name: e.currentTarget.value })}
                      autoComplete="off"
                    />
                  )}
                </Field>
                <ChoiceGroup legend={T.abilitiesLabel} id="token-abilities" error={errors.abilities}>
                  <Flex gap="4" wrap="wrap">
                    {tokenAbilities.map((a: TokenAbility) => (
                      <Text as="label" size="2" key={a}>
                        <Flex gap="2" align="center">
                          <Checkbox checked={form.abilities.includes(a)} onCheckedChange={(on) => set({ abilities: toggle(form.abilities, a, on === true) })} />
                          {T.abilities[a]}
                        </Flex>
                      </Text>
                    ))}
                  </Flex>
                </ChoiceGroup>
                <ChoiceGroup legend={T.appsLabel} id="token-apps" error={errors.appIds}>
                  <RadioCards.Root
                    size="1"
                    columns={{ initial: '1', sm: '2' }}
                    value={form.scope}
                    onValueChange={(scope) => set({ scope: scope as TokenForm['scope'] })}
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
                  {form.scope === 'chosen' && (
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
                        {apps.data?.map((a) => (
                          <Text as="label" size="2" key={a.id}>
                            <Flex gap="2" align="center">
                              <Checkbox
                                checked={form.appIds.includes(a.id)}
                                onCheckedChange={(on) => set({ appIds: toggle(form.appIds, a.id, on === true) })}
                              />
                              {a.name}
                            </Flex>
                          </Text>
                        ))}
                      </Flex>
                    </Card>
                  )}
                </ChoiceGroup>
                <Field label={T.expiryLabel} error={errors.expiresInDays} hint={T.expiryHint}>
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
                      value={form.expiresInDays}
                      onChange={(e) => set({ expiresInDays: e.currentTarget.value })}
                      style={{ maxWidth: 160 }}
                    />
                  )}
                </Field>
                <Flex gap="2" justify="end" mt="2">
                  <Dialog.Close>
                    <Button type="button" variant="soft" color="gray">
                      Cancel
                    </Button>
                  </Dialog.Close>
                  <Button type="submit" loading={create.isPending}>
                    {T.create}
                  </Button>
                </Flex>
              </Flex>
            </form>
          </>
        )}
      </Dialog.Content>
    </Dialog.Root>
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
