import { Button, Flex, Switch, Text, TextField } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { WebhookInput, type CreatedWebhook, type webhookEvents } from '../../../contract/schemas/webhook';
import { Drawer } from '../../components/Drawer';
import { Field } from '../../components/Field';
import { toApiError, tsr, unwrap } from '../../lib/api';
import { toast } from '../../lib/toast';
import { webhooksKey } from './api';
import { EventsTransfer } from './EventsTransfer';
import { webhookText } from './strings';

type Form = { label: string; enabled: boolean; url: string; for: (typeof webhookEvents)[number][] };
type Errors = Partial<Record<'label' | 'url' | 'for', string>>;

/** SPEC §5's messages for the form, from the contract's own schema (the server checks the same, and the address rules). */
export function webhookProblems(form: Form): Errors {
  const parsed = WebhookInput.safeParse(form);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof Errors;
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * SPEC §3 New Webhook drawer: Label, Enabled (on by default), Url, the Events transfer list; Save stays
 * disabled until an event is chosen. The server's field messages (the address rules) show on their fields.
 */
export default function NewWebhookDrawer({ onClose, onCreated }: { onClose: () => void; onCreated: (webhook: z.infer<typeof CreatedWebhook>) => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>({ label: '', enabled: true, url: '', for: [] });
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
  };
  const create = useMutation({
    mutationFn: async () => unwrap(await tsr.webhooks.create.mutate({ body: { ...form, label: form.label.trim(), url: form.url.trim() } })),
    onSuccess: async (made) => {
      await queryClient.invalidateQueries(webhooksKey);
      toast.success(webhookText.created);
      onCreated(made);
    },
    onError: (err) => {
      const fields = toApiError(err).body?.fields;
      if (fields?.length) setErrors(Object.fromEntries(fields.map((f) => [f.path.split('.')[0], f.message])));
      else toast.apiError(err);
    },
  });
  const save = () => {
    const problems = webhookProblems({ ...form, label: form.label.trim(), url: form.url.trim() });
    setErrors(problems);
    if (!Object.keys(problems).length) create.mutate();
  };
  return (
    <Drawer
      title="New Webhook"
      description="Your endpoint receives each chosen event as a signed POST."
      width={500}
      dirty={!!form.label || !!form.url || form.for.length > 0}
      onClose={onClose}
      footer={
        <Button type="submit" form="new-webhook" loading={create.isPending} disabled={form.for.length === 0}>
          Save
        </Button>
      }
    >
      <form
        id="new-webhook"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Flex direction="column" gap="4">
          <Field label="Label" error={errors.label}>
            {({ id, describedBy, invalid }) => (
              <TextField.Root
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                maxLength={200}
                value={form.label}
                onChange={(e) => set({ label: e.currentTarget.value })}
              />
            )}
          </Field>
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Switch checked={form.enabled} onCheckedChange={(enabled) => set({ enabled })} />
              Enabled
            </Flex>
          </Text>
          <Field label="Url" error={errors.url} hint="A public https:// address of your server.">
            {({ id, describedBy, invalid }) => (
              <TextField.Root
                id={id}
                type="url"
                inputMode="url"
                placeholder="https://example.com/hooks/marketplace"
                aria-describedby={describedBy}
                aria-invalid={invalid}
                maxLength={2048}
                value={form.url}
                onChange={(e) => set({ url: e.currentTarget.value })}
              />
            )}
          </Field>
          <Flex direction="column" gap="1">
            <Text as="div" size="2" weight="medium">
              Events
            </Text>
            <EventsTransfer value={form.for} onChange={(next) => set({ for: next })} describedBy={errors.for ? 'webhook-events-error' : undefined} />
            {errors.for && (
              <Text id="webhook-events-error" size="1" color="red" role="alert">
                {errors.for}
              </Text>
            )}
          </Flex>
        </Flex>
      </form>
    </Drawer>
  );
}
