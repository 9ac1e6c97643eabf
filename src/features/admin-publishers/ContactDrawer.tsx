import { Button, Flex, Select, TextArea, TextField } from '@radix-ui/themes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PublisherEmailInput, type Publisher } from '../../../contract/schemas/publisher';
import { Drawer } from '../../components/Drawer';
import { Field } from '../../components/Field';
import { tsr, unwrap } from '../../lib/api';
import { firstMessages } from '../../lib/forms';
import { toApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { layoutsQuery, publisherAppsQuery } from './api';
import { publishersText } from './strings';

type Form = { layout: string; subject: string; content: string; relatedAppId: string; replyTo: string };
const NONE = '-';

/**
 * Contact (SPEC §5, §7): subject and content (Liquid, like the templates: {{ developer.firstName }},
 * {{ publisher.name }}, {{ app.name }}), an optional layout, related app and reply-to; sent to the owners.
 */
export default function ContactDrawer({ publisher, onClose }: { publisher: Publisher; onClose: () => void }) {
  const layouts = useQuery(layoutsQuery);
  const apps = useQuery(publisherAppsQuery(publisher._id));
  const [values, setValues] = useState<Form>({ layout: '', subject: '', content: '', relatedAppId: '', replyTo: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: async (body: Form) => unwrap(await tsr.admin.publishers.email.mutate({ params: { id: publisher._id }, body })),
    onSuccess: () => {
      toast.success(publishersText.emailSent(publisher.name));
      onClose();
    },
    onError: (err) => {
      const fields = toApiError(err).body?.fields;
      if (fields?.length) setErrors(Object.fromEntries(fields.map((f) => [f.path, f.message])));
      else toast.failure(err);
    },
  });
  const set = (change: Partial<Form>) => {
    setValues((v) => ({ ...v, ...change }));
    setErrors((x) => Object.fromEntries(Object.entries(x).filter(([k]) => !(k in change))));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = PublisherEmailInput.safeParse(values);
    if (!parsed.success) return setErrors(firstMessages(parsed.error.issues));
    send.mutate(values);
  };
  const dirty = Object.values(values).some((v) => v !== '');
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
      <form id="contact-publisher" noValidate onSubmit={submit}>
        <Flex direction="column" gap="3">
          <Field label="Layout" error={errors.layout}>
            {({ id, describedBy }) => (
              <Select.Root value={values.layout || NONE} onValueChange={(v) => set({ layout: v === NONE ? '' : v })}>
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
          <Field label="Subject" error={errors.subject}>
            {({ id, describedBy, invalid }) => (
              <TextField.Root
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                maxLength={200}
                value={values.subject}
                onChange={(e) => set({ subject: e.target.value })}
              />
            )}
          </Field>
          <Field
            label="Content"
            error={errors.content}
            hint="Liquid, as in the email templates: {{ developer.firstName }}, {{ publisher.name }}, {{ app.name }}."
          >
            {({ id, describedBy, invalid }) => (
              <TextArea
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                rows={10}
                value={values.content}
                onChange={(e) => set({ content: e.target.value })}
              />
            )}
          </Field>
          <Field label="Related app" error={errors.relatedAppId}>
            {({ id, describedBy }) => (
              <Select.Root value={values.relatedAppId || NONE} onValueChange={(v) => set({ relatedAppId: v === NONE ? '' : v })}>
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
          <Field label="Reply to" error={errors.replyTo} hint="Optional: where the publisher’s answer goes.">
            {({ id, describedBy, invalid }) => (
              <TextField.Root
                id={id}
                type="email"
                aria-describedby={describedBy}
                aria-invalid={invalid}
                maxLength={254}
                value={values.replyTo}
                onChange={(e) => set({ replyTo: e.target.value })}
              />
            )}
          </Field>
        </Flex>
      </form>
    </Drawer>
  );
}
