import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex, Switch, Text, TextField } from '@radix-ui/themes';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { WebhookInput, type CreatedWebhook, type webhookEvents } from '../../../contract/schemas/webhook';
import { Drawer } from '../../components/Drawer';
import { Field } from '../../components/Field';
import { applyServerErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { useCreateWebhook } from './api';
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
 * disabled until an event is chosen. Checked with the contract's schema (which trims the label and the url);
 * the server's field messages (the address rules) show on their fields.
 */
export default function NewWebhookDrawer({ onClose, onCreated }: { onClose: () => void; onCreated: (webhook: z.infer<typeof CreatedWebhook>) => void }) {
  const { register, control, handleSubmit, formState, setError, watch } = useForm<Form>({
    defaultValues: { label: '', enabled: true, url: '', for: [] },
    resolver: zodResolver(WebhookInput),
  });
  const { errors } = formState;
  const [label, url, events] = watch(['label', 'url', 'for']);
  const create = useCreateWebhook();
  const submit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (made) => {
        toast.success(webhookText.created);
        onCreated(made);
      },
      // `for.2` (one event) is about the events as a whole on this form.
      onError: (err) => {
        if (!applyServerErrors(err, (path, e) => setError(path.split('.')[0] as keyof Form, e))) toast.apiError(err);
      },
    }),
  );
  return (
    <Drawer
      title="New Webhook"
      description="Your endpoint receives each chosen event as a signed POST."
      width={500}
      dirty={!!label || !!url || events.length > 0}
      onClose={onClose}
      footer={
        <Button type="submit" form="new-webhook" loading={create.isPending} disabled={events.length === 0}>
          Save
        </Button>
      }
    >
      <form id="new-webhook" noValidate onSubmit={submit}>
        <Flex direction="column" gap="4">
          <Field label="Label" error={errors.label?.message}>
            {({ id, describedBy, invalid }) => (
              <TextField.Root id={id} aria-describedby={describedBy} aria-invalid={invalid} maxLength={200} {...register('label')} />
            )}
          </Field>
          <Controller
            control={control}
            name="enabled"
            render={({ field }) => (
              <Text as="label" size="2">
                <Flex gap="2" align="center">
                  <Switch checked={field.value} onCheckedChange={field.onChange} />
                  Enabled
                </Flex>
              </Text>
            )}
          />
          <Field label="Url" error={errors.url?.message} hint="A public https:// address of your server.">
            {({ id, describedBy, invalid }) => (
              <TextField.Root
                id={id}
                type="url"
                inputMode="url"
                placeholder="https://example.com/hooks/marketplace"
                aria-describedby={describedBy}
                aria-invalid={invalid}
                maxLength={2048}
                {...register('url')}
              />
            )}
          </Field>
          <Flex direction="column" gap="1">
            <Text as="div" size="2" weight="medium">
              Events
            </Text>
            <Controller
              control={control}
              name="for"
              render={({ field }) => (
                <EventsTransfer value={field.value} onChange={field.onChange} describedBy={errors.for ? 'webhook-events-error' : undefined} />
              )}
            />
            {errors.for && (
              <Text id="webhook-events-error" size="1" color="red" role="alert">
                {errors.for.message}
              </Text>
            )}
          </Flex>
        </Flex>
      </form>
    </Drawer>
  );
}
