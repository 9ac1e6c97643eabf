import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex, Select, TextArea, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PublisherEmailInput, type Publisher } from '../../../contract/schemas/publisher';
import { Drawer } from '../../components/Drawer';
import { Field } from '../../components/Field';
import { applyServerErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { layoutsQuery, publisherAppsQuery, useEmailPublisher } from './api';
import { publishersText } from './strings';

type Form = z.input<typeof PublisherEmailInput>;
const NONE = '-';

/**
 * Contact (SPEC §5, §7): subject and content (Liquid, like the templates: {{ developer.firstName }},
 * {{ publisher.name }}, {{ app.name }}), an optional layout, related app and reply-to; sent to the owners.
 */
export default function ContactDrawer({ publisher, onClose }: { publisher: Publisher; onClose: () => void }) {
  const layouts = useQuery(layoutsQuery);
  const apps = useQuery(publisherAppsQuery(publisher._id));
  const { register, control, handleSubmit, formState, setError } = useForm<Form, unknown, z.output<typeof PublisherEmailInput>>({
    defaultValues: { layout: '', subject: '', content: '', relatedAppId: '', replyTo: '' },
    resolver: zodResolver(PublisherEmailInput),
  });
  const errors = formState.errors;
  const send = useEmailPublisher(publisher._id);
  const submit = handleSubmit((body) =>
    send.mutate(body, {
      onSuccess: () => {
        toast.success(publishersText.emailSent(publisher.name));
        onClose();
      },
      onError: (err) => {
        if (!applyServerErrors(err, setError)) toast.failure(err);
      },
    }),
  );
  const dirty = formState.isDirty;
  return (
    <Drawer
      title={publishersText.contact}
      description={`Write to the owners of ${publisher.name}.`}
      dirty={dirty}
      onClose={onClose}
      footer={
        <Button type="submit" form="contact-publisher" loading={send.isPending}>
          Send
        </Button>
      }
    >
      <form id="contact-publisher" noValidate onSubmit={(e) => void submit(e)}>
        <Flex direction="column" gap="3">
          <Controller
            control={control}
            name="layout"
            render={({ field }) => (
              <Field label="Layout" error={errors.layout?.message}>
                {({ id, describedBy }) => (
                  <Select.Root value={field.value || NONE} onValueChange={(v) => field.onChange(v === NONE ? '' : v)}>
                    <Select.Trigger id={id} aria-describedby={describedBy} />
                    <Select.Content position="popper">
                      <Select.Item value={NONE}>No layout</Select.Item>
                      {(layouts.data ?? []).map((t) => (
                        <Select.Item key={t.name} value={t.name}>
                          {t.name}
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select.Root>
                )}
              </Field>
            )}
          />
          <Field label="Subject" error={errors.subject?.message}>
            {({ id, describedBy, invalid }) => (
              <TextField.Root id={id} aria-describedby={describedBy} aria-invalid={invalid} maxLength={200} {...register('subject')} />
            )}
          </Field>
          <Field
            label="Content"
            error={errors.content?.message}
            hint="Liquid, as in the email templates: {{ developer.firstName }}, {{ publisher.name }}, {{ app.name }}."
          >
            {({ id, describedBy, invalid }) => <TextArea id={id} aria-describedby={describedBy} aria-invalid={invalid} rows={10} {...register('content')} />}
          </Field>
          <Controller
            control={control}
            name="relatedAppId"
            render={({ field }) => (
              <Field label="Related app" error={errors.relatedAppId?.message}>
                {({ id, describedBy }) => (
                  <Select.Root value={field.value || NONE} onValueChange={(v) => field.onChange(v === NONE ? '' : v)}>
                    <Select.Trigger id={id} aria-describedby={describedBy} />
                    <Select.Content position="popper">
                      <Select.Item value={NONE}>None</Select.Item>
                      {(apps.data ?? []).map((a) => (
                        <Select.Item key={a.appId} value={a.appId}>
                          {a.latest.name}
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select.Root>
                )}
              </Field>
            )}
          />
          <Field label="Reply to" error={errors.replyTo?.message} hint="Optional: where the publisher’s answer goes.">
            {({ id, describedBy, invalid }) => (
              <TextField.Root id={id} type="email" aria-describedby={describedBy} aria-invalid={invalid} maxLength={254} {...register('replyTo')} />
            )}
          </Field>
        </Flex>
      </form>
    </Drawer>
  );
}
